/**
 * The four figures as cards (rates to one decimal, spec §9), each with its definition and the
 * change against the previous period of the same length (green when it is good news).
 */
import type { WebAnalytics } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { DEFINITIONS } from '../lib/definitions';
import { formatChange, formatCount, formatDuration, formatRate } from '../lib/format-analytics';
import { InfoTip } from './info-tip';

type Figure = keyof typeof DEFINITIONS;
const FIGURES: {
  key: Figure;
  title: string;
  show: (n: number) => string;
  kind: 'relative' | 'points';
  lowerIsBetter?: boolean;
}[] = [
  { key: 'totalVisits', title: 'Total visits', show: formatCount, kind: 'relative' },
  { key: 'uniqueVisitors', title: 'Unique visitors', show: formatCount, kind: 'relative' },
  { key: 'bounceRate', title: 'Bounce rate', show: formatRate, kind: 'points', lowerIsBetter: true },
  { key: 'averageTimeOnSite', title: 'Average time on site', show: formatDuration, kind: 'relative' },
];

export function StatCards({ data }: { data: WebAnalytics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {FIGURES.map((f) => {
        const now = data[f.key];
        const before = data.previous[f.key];
        // A period with no visits has nothing to compare a rate or a duration with either.
        const change = data.previous.totalVisits === 0 ? null : formatChange(now, before, f.kind);
        const good = f.lowerIsBetter ? now <= before : now >= before;
        return (
          <div key={f.key} role="group" aria-label={f.title}>
            <Card as="div" className="h-full">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-stone-600">{f.title}</h3>
                <InfoTip label={f.title} text={DEFINITIONS[f.key]} />
              </div>
              <p className="mt-2 text-3xl font-bold text-lake-900">{f.show(now)}</p>
              <p className="mt-1 text-sm text-stone-600">
                {change === null ? (
                  'No earlier visits to compare'
                ) : (
                  <>
                    <span
                      className={`font-semibold ${now === before ? 'text-stone-700' : good ? 'text-green-800' : 'text-red-800'}`}
                    >
                      {change}
                    </span>{' '}
                    vs previous {data.days} days
                  </>
                )}
              </p>
            </Card>
          </div>
        );
      })}
    </div>
  );
}
