/**
 * Map controls: the zoom toggle (×1.5; zooming out resets the position) and four pan buttons,
 * the single-pointer alternative to dragging (WCAG 2.5.7). Arrow keys pan too.
 */
import type { ReactNode } from 'react';
import type { PanDirection } from '../lib/map-view';

type Props = { zoomed: boolean; onToggleZoom: () => void; onPan: (d: PanDirection) => void };

const btn =
  'grid size-11 place-items-center rounded-md bg-white text-lake-900 shadow ring-1 ring-stone-300 hover:bg-lake-50 disabled:cursor-not-allowed disabled:opacity-50';
const ARROWS: ReadonlyArray<[PanDirection, string, string]> = [
  ['up', 'Pan up', 'M12 5v14M6 11l6-6 6 6'],
  ['left', 'Pan left', 'M5 12h14M11 6l-6 6 6 6'],
  ['right', 'Pan right', 'M5 12h14M13 6l6 6-6 6'],
  ['down', 'Pan down', 'M12 5v14M6 13l6 6 6-6'],
];

export function MapControls({ zoomed, onToggleZoom, onPan }: Props) {
  return (
    <div className="flex flex-col items-end gap-2">
      <button
        type="button"
        onClick={onToggleZoom}
        aria-pressed={zoomed}
        className="inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-md bg-lake-800 px-4 font-semibold text-white shadow hover:bg-lake-900"
      >
        <Glyph>
          <circle cx="11" cy="11" r="7" />
          <path d={zoomed ? 'M8 11h6M20 20l-4-4' : 'M8 11h6M11 8v6M20 20l-4-4'} />
        </Glyph>
        {zoomed ? 'Zoom out' : 'Zoom in'}
      </button>
      <div className="grid grid-cols-3 gap-1" role="group" aria-label="Pan the map">
        {ARROWS.map(([dir, label, d]) => (
          <button
            key={dir}
            type="button"
            aria-label={label}
            disabled={!zoomed}
            onClick={() => onPan(dir)}
            className={`${btn} ${dir === 'up' ? 'col-start-2' : dir === 'left' ? 'col-start-1' : dir === 'right' ? 'col-start-3' : 'col-start-2'}`}
          >
            <Glyph>
              <path d={d} />
            </Glyph>
          </button>
        ))}
      </div>
    </div>
  );
}

/** A control's 24×24 stroke glyph (decorative: the button is named). */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}
