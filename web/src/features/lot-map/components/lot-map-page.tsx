/**
 * The full-screen lot map (/map and /embed): page scroll locked while shown, zoom toggle,
 * drag-to-pan when zoomed, pan buttons and arrow keys, legend, lot list and lot details.
 * /map adds a link back to the site; /embed is chrome-less for the home page's frame and
 * lets wheel and touch scrolls over it move the home page while the map is zoomed out.
 * Lots, their status and prices come from the inventory (rendered into the HTML by the
 * gateway); a click on a lot is tracked as the `lot_click` event for interest per lot.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PublicLot } from '@lp/contracts';
import { LOT_CLICK_EVENT } from '@lp/contracts/lot-names';
import { site } from '@lp/contracts/site';
import { trackEvent } from '../../../lib/analytics/tracker';
import { useLots } from '../../../lib/use-lots';
import { availableCount } from '../../../lib/lot-status';
import { MAP_HEIGHT, MAP_WIDTH } from '../lib/plan-size';
import {
  INITIAL_VIEW,
  KEY_DIRECTIONS,
  panBy,
  panStep,
  toggleZoom,
  transformOf,
  type PanDirection,
} from '../lib/map-view';
import { LotMapSvg } from './lot-map-svg';
import { MapControls } from './map-controls';
import { MapLegend } from './map-legend';
import { LotDetails } from './lot-details';
import { LotList } from './lot-list';
import { useMapDrag } from './use-map-drag';

const SIZE = { width: MAP_WIDTH, height: MAP_HEIGHT };

export function LotMapPage({
  embedded,
  initialLots,
  initialError = false,
}: {
  embedded: boolean;
  initialLots?: PublicLot[];
  /** The server could not get the lots (the page was answered 503). */
  initialError?: boolean;
}) {
  const { lots = [], error } = useLots(initialLots, initialError);
  const [view, setView] = useState(INITIAL_VIEW);
  const [selected, setSelected] = useState<PublicLot | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const drag = useMapDrag(view.zoomed, (dx, dy) => setView((v) => panBy(v, dx, dy, SIZE)));
  const pan = (d: PanDirection) => setView((v) => panStep(v, d, SIZE));
  // A phone has room for the lot list or a lot's details, not both: picking a lot shows its
  // details in place of the list, and opening the list sets the details aside until it closes.
  const narrow = () => window.matchMedia('(max-width: 767px)').matches;
  const listToggle = useRef<HTMLButtonElement>(null);
  const [focusDetails, setFocusDetails] = useState(false);
  const select = (lot: PublicLot | null) => {
    setSelected(lot);
    if (lot)
      trackEvent({ ...LOT_CLICK_EVENT, action: 'select', label: String(lot.number), properties: { lot: lot.number } });
    // The list item that had focus goes with the list: focus moves into the details instead.
    const fromList = !!lot && listOpen && narrow();
    setFocusDetails(fromList);
    if (fromList) setListOpen(false);
  };
  const closeDetails = () => {
    setSelected(null);
    requestAnimationFrame(() => listToggle.current?.focus());
  };

  useEffect(() => {
    // In the home page's 800 px frame (taller than a phone screen) a scroll over the map must
    // chain to the page around it; overscroll-behavior: none on the frame's root would trap it.
    const lock = embedded ? ['overflow-hidden'] : ['overflow-hidden', 'overscroll-none'];
    const root = document.documentElement;
    root.classList.add(...lock);
    return () => root.classList.remove(...lock);
  }, [embedded]);

  const onKeyDown = (e: KeyboardEvent) => {
    const dir = KEY_DIRECTIONS[e.key];
    if (dir && view.zoomed) {
      e.preventDefault();
      pan(dir);
    } else if (e.key === '+' || e.key === '-') {
      if ((e.key === '+') !== view.zoomed) setView((v) => toggleZoom(v, SIZE));
    }
  };
  const available = availableCount(lots);

  return (
    <main id="main" tabIndex={-1} className="fixed inset-0 overflow-hidden bg-[#efe2cb]">
      <div
        role="group"
        aria-label="Lot map. Use the zoom button, then arrow keys or the pan buttons to move."
        tabIndex={0}
        onKeyDown={onKeyDown}
        {...drag}
        onPointerCancel={drag.onPointerUp}
        // Dragging pans only when zoomed; zoomed out, a vertical swipe scrolls (the home page, when framed).
        className={`absolute inset-0 focus-visible:outline-offset-[-4px] ${view.zoomed ? 'cursor-grab touch-none active:cursor-grabbing' : 'touch-pan-y'}`}
      >
        <LotMapSvg lots={lots} transform={transformOf(view)} selected={selected?.number ?? null} onSelect={select} />
      </div>
      <div className="pointer-events-none absolute inset-x-0 top-0 flex items-start justify-between gap-3 p-3 sm:p-4">
        <div className="pointer-events-auto max-w-[60%] rounded-lg bg-white/95 px-3 py-2 shadow ring-1 ring-stone-300">
          <h1 className="text-base font-bold text-lake-900 sm:text-lg">Interactive Lot Map</h1>
          <p className="text-xs text-stone-700 sm:text-sm">
            {error
              ? 'Lot availability could not be loaded. Please call us.'
              : lots.length
                ? `${available} of ${lots.length} lots available · illustrative plan, not to scale`
                : 'Loading lots…'}
          </p>
          {!embedded && (
            <Link
              to="/"
              className="mt-1 inline-flex min-h-6 items-center text-sm font-semibold text-lake-700 underline"
            >
              Back to {site.brand}
            </Link>
          )}
        </div>
        <div className="pointer-events-auto">
          <MapControls zoomed={view.zoomed} onToggleZoom={() => setView((v) => toggleZoom(v, SIZE))} onPan={pan} />
        </div>
      </div>
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 p-3 sm:p-4">
        <div className="pointer-events-auto flex flex-col items-start gap-2">
          {listOpen && <LotList lots={lots} selected={selected?.number ?? null} onSelect={select} />}
          <button
            ref={listToggle}
            type="button"
            aria-expanded={listOpen}
            aria-controls="lot-list"
            onClick={() => setListOpen((o) => !o)}
            className="min-h-11 rounded-md bg-white px-4 text-sm font-semibold text-lake-900 shadow ring-1 ring-stone-300 hover:bg-lake-50"
          >
            {listOpen ? 'Hide lot list' : 'Show lot list'}
          </button>
          {/* While open, the list panel carries the legend itself. */}
          {!listOpen && <MapLegend lots={lots} />}
        </div>
        {/* On a phone the details open as a sheet over the bottom bar (legend, list toggle). */}
        <div
          className={`pointer-events-auto max-md:absolute max-md:inset-x-3 max-md:bottom-3 ${listOpen ? 'max-md:hidden' : ''}`}
        >
          {selected && (
            <LotDetails
              key={selected.number}
              lot={selected}
              onClose={closeDetails}
              autoFocus={focusDetails}
              embedded={embedded}
            />
          )}
        </div>
      </div>
    </main>
  );
}
