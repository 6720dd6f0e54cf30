/**
 * A page section with an anchor id, an h2 title, an optional eyebrow and intro, on a white,
 * sand or lake background.
 */
import type { ReactNode } from 'react';

const TONES = {
  white: 'bg-white',
  sand: 'bg-sand-50',
  lake: 'bg-lake-900 text-white',
} as const;

type Props = {
  id?: string;
  title: string;
  eyebrow?: string;
  intro?: ReactNode;
  tone?: keyof typeof TONES;
  children: ReactNode;
};

export function Section({ id, title, eyebrow, intro, tone = 'white', children }: Props) {
  const dark = tone === 'lake';
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={id ? `${id}-title` : undefined}
      className={`${TONES[tone]} py-16 sm:py-20`}
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="max-w-3xl">
          {eyebrow && (
            <p
              className={`text-sm font-semibold uppercase tracking-wider ${dark ? 'text-canyon-100' : 'text-canyon-700'}`}
            >
              {eyebrow}
            </p>
          )}
          <h2
            id={id ? `${id}-title` : undefined}
            className={`mt-2 text-3xl font-bold tracking-tight sm:text-4xl ${dark ? 'text-white' : 'text-lake-900'}`}
          >
            {title}
          </h2>
          {intro && (
            <div className={`mt-4 text-lg leading-relaxed ${dark ? 'text-lake-100' : 'text-stone-700'}`}>{intro}</div>
          )}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
