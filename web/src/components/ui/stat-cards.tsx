/**
 * A row of headline figures as cards (the web and the e-mail analytics): each a group named by
 * its title, with the definition behind an ⓘ when it has one, the figure, and a line under it
 * (the change against the previous period) when it has one.
 */
import type { ReactNode } from 'react';
import { Card } from './card';
import { InfoTip } from './info-tip';

export type StatCardItem = { title: string; value: string; definition?: string; footnote?: ReactNode };

export function StatCards({ cards }: { cards: readonly StatCardItem[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {cards.map((c) => (
        <div key={c.title} role="group" aria-label={c.title}>
          <Card as="div" className="h-full">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-medium text-stone-600">{c.title}</h3>
              {c.definition && <InfoTip label={c.title} text={c.definition} />}
            </div>
            <p className="mt-2 text-3xl font-bold text-lake-900">{c.value}</p>
            {c.footnote !== undefined && <p className="mt-1 text-sm text-stone-600">{c.footnote}</p>}
          </Card>
        </div>
      ))}
    </div>
  );
}
