/**
 * The map legend: each map category with its swatch (colour and pattern), its name as text and
 * how many lots are in it now (from the lots data).
 * `compact` is the two-column version shown at the top of the open lot list, so the legend
 * stays in view without the two panels stacking past a phone's height.
 */
import type { PublicLot } from '@lp/contracts';
import { STYLE_INFO, STYLE_ORDER, countByStyle } from '../../../lib/lot-status';

export function MapLegend({ lots, compact = false }: { lots: readonly PublicLot[]; compact?: boolean }) {
  const counts = countByStyle(lots);
  return (
    <div
      className={
        compact ? 'border-b border-stone-200 px-3 py-2' : 'rounded-lg bg-white/95 p-3 shadow ring-1 ring-stone-300'
      }
    >
      <h2 className={compact ? 'sr-only' : 'text-sm font-semibold text-stone-900'}>Legend</h2>
      <ul
        className={
          compact
            ? 'grid grid-cols-2 gap-x-2 gap-y-1 text-xs text-stone-800'
            : 'mt-2 grid gap-1.5 text-sm text-stone-800'
        }
      >
        {STYLE_ORDER.map((s) => {
          const info = STYLE_INFO[s];
          return (
            <li key={s} className="flex items-center gap-2">
              <svg viewBox="0 0 20 20" className={compact ? 'size-4 shrink-0' : 'size-5 shrink-0'} aria-hidden="true">
                <rect x="1" y="1" width="18" height="18" fill={info.fill} stroke="#44403c" strokeWidth="1.5" />
                {info.pattern && (
                  <rect x="1" y="1" width="18" height="18" fill={`url(#${info.pattern})`} opacity="0.55" />
                )}
              </svg>
              <span>{info.legend}</span>
              <span className="ml-auto pl-1 font-semibold tabular-nums" aria-label={`${counts[s]} lots`}>
                {counts[s]}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
