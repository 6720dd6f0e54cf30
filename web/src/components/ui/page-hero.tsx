/**
 * The hero of the content pages: an illustration behind a dark overlay, the page's h1, a lead
 * paragraph and call-to-action links.
 */
import type { ReactNode } from 'react';

type Props = { id?: string; eyebrow: string; title: string; lead: ReactNode; image: string; children?: ReactNode };

export function PageHero({ id = 'hero', eyebrow, title, lead, image, children }: Props) {
  return (
    <section id={id} className="relative isolate overflow-hidden bg-lake-900">
      <img
        src={image}
        alt=""
        width={1600}
        height={700}
        fetchPriority="high"
        className="absolute inset-0 -z-10 size-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-lake-900/95 via-lake-900/80 to-lake-900/50" />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-wider text-canyon-100">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-2xl text-lg leading-relaxed text-lake-100">{lead}</div>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
