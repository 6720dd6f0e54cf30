/** The public pages' frame: skip link, header, the page in `<main>`, footer, back-to-top. */
import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { BackToTop } from './back-to-top';
import { SkipLink } from './skip-link';

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="min-h-[60vh]">
        {children}
      </main>
      <SiteFooter />
      <BackToTop />
    </>
  );
}
