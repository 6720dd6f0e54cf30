/**
 * The four figures as cards (rates to one decimal, spec §9), each with its definition and the
 * change against the comparison period (the previous one of the same length, or the same days a
 * year earlier; green when it is good news), and which days that comparison covers.
 */
import type { WebAnalytics } from '@lp/contracts';
import { StatCards } from '../../../components/ui/stat-cards';
import { DEFINITIONS } from '../lib/definitions';
import { daysLabel } from '../lib/filters';
import { formatChange, formatCount, formatDuration, formatRate } from '../../../lib/format-analytics';

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

export function WebStatCards({ data }: { data: WebAnalytics }) {
  const against = data.comparison.compare === 'year' ? 'same days last year' : `previous ${data.comparison.days} days`;
  return (
    <div className="space-y-2">
      <StatCards
        cards={FIGURES.map((f) => {
          const now = data[f.key];
          const before = data.previous[f.key];
          // A period with no visits has nothing to compare a rate or a duration with either.
          const change = data.previous.totalVisits === 0 ? null : formatChange(now, before, f.kind);
          const good = f.lowerIsBetter ? now <= before : now >= before;
          return {
            title: f.title,
            value: f.show(now),
            definition: DEFINITIONS[f.key],
            footnote:
              change === null ? (
                'No earlier visits to compare'
              ) : (
                <>
                  <span
                    className={`font-semibold ${now === before ? 'text-stone-700' : good ? 'text-green-800' : 'text-red-800'}`}
                  >
                    {change}
                  </span>{' '}
                  vs {against}
                </>
              ),
          };
        })}
      />
      <p className="text-xs text-stone-600">Compared with {daysLabel(data.comparison)}.</p>
    </div>
  );
}
