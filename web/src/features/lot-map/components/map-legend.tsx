/** The map legend: each status with its swatch (colour and pattern) and its name as text. */
import { STATUS_INFO, STATUS_ORDER } from '../lib/lot-status';

export function MapLegend() {
  return (
    <div className="rounded-lg bg-white/95 p-3 shadow ring-1 ring-stone-300">
      <h2 className="text-sm font-semibold text-stone-900">Legend</h2>
      <ul className="mt-2 grid gap-1.5 text-sm text-stone-800">
        {STATUS_ORDER.map((s) => {
          const info = STATUS_INFO[s];
          return (
            <li key={s} className="flex items-center gap-2">
              <svg viewBox="0 0 20 20" className="size-5 shrink-0" aria-hidden="true">
                <rect x="1" y="1" width="18" height="18" fill={info.fill} stroke="#44403c" strokeWidth="1.5" />
                {info.pattern && (
                  <rect x="1" y="1" width="18" height="18" fill={`url(#${info.pattern})`} opacity="0.55" />
                )}
              </svg>
              {info.legend}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
