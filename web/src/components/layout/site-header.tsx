/**
 * Site header: logo, tagline (md+), Map and Financing anchors, Blog, phone and Contact Us;
 * below 768px a hamburger toggles the mobile menu.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { site } from '@lp/contracts/site';
import { LogoMark } from '../icons/logo-mark';
import { AnchorLink } from './anchor-link';
import { MobileMenu } from './mobile-menu';
import { MenuToggle } from './menu-toggle';

const navLink = 'rounded px-1 py-1 text-sm font-medium text-stone-700 hover:text-lake-700';

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-50 border-b border-stone-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 rounded" onClick={() => setOpen(false)}>
          <LogoMark className="size-8 shrink-0 sm:size-9" />
          <span className="flex min-w-0 flex-col leading-tight">
            <span className="truncate font-bold text-lake-900">{site.brand}</span>
            <span className="hidden text-xs text-stone-600 md:block">{site.tagline}</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-5 md:flex">
          <AnchorLink anchor="map" className={navLink}>
            Map
          </AnchorLink>
          <AnchorLink anchor="financing" className={navLink}>
            Financing
          </AnchorLink>
          <Link to="/blog" className={navLink}>
            Blog
          </Link>
          <a href={site.phoneHref} className={`${navLink} whitespace-nowrap`}>
            <span className="sr-only">Call </span>
            {site.phone}
          </a>
        </nav>
        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <Link
            to="/contact"
            className="inline-flex min-h-10 items-center rounded-md bg-canyon-600 px-3 text-sm font-semibold text-white hover:bg-canyon-700 md:px-4"
          >
            <span className="md:hidden">Contact</span>
            <span className="hidden md:inline">Contact Us</span>
          </Link>
          <MenuToggle open={open} onToggle={() => setOpen((o) => !o)} />
        </div>
      </div>
      <MobileMenu open={open} onClose={() => setOpen(false)} />
    </header>
  );
}
