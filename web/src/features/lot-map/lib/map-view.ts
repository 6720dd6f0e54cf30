/**
 * Zoom and pan state of the lot map, as pure functions: zoomed-out shows the whole plan;
 * zooming in scales by 1.5 around the centre; panning works only while zoomed and never
 * leaves the plan; zooming out resets the position.
 */
export const ZOOM_FACTOR = 1.5;
/** One arrow-key or pan-button step, as a share of the visible width/height. */
const PAN_STEP = 0.1;

type MapView = { zoomed: boolean; x: number; y: number };
type MapSize = { width: number; height: number };

export const INITIAL_VIEW: MapView = { zoomed: false, x: 0, y: 0 };

export function scaleOf(view: MapView): number {
  return view.zoomed ? ZOOM_FACTOR : 1;
}

/** Offsets keep the scaled plan covering the frame: x ∈ [width·(1 − scale), 0]. */
function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function clampView(view: MapView, size: MapSize): MapView {
  if (!view.zoomed) return INITIAL_VIEW;
  const s = scaleOf(view);
  return {
    zoomed: true,
    x: clamp(view.x, size.width * (1 - s), 0),
    y: clamp(view.y, size.height * (1 - s), 0),
  };
}

export function toggleZoom(view: MapView, size: MapSize): MapView {
  if (view.zoomed) return INITIAL_VIEW;
  return {
    zoomed: true,
    x: (size.width * (1 - ZOOM_FACTOR)) / 2,
    y: (size.height * (1 - ZOOM_FACTOR)) / 2,
  };
}

/** Moves the plan by (dx, dy) map units; ignored while zoomed out. */
export function panBy(view: MapView, dx: number, dy: number, size: MapSize): MapView {
  if (!view.zoomed) return view;
  return clampView({ zoomed: true, x: view.x + dx, y: view.y + dy }, size);
}

export type PanDirection = 'left' | 'right' | 'up' | 'down';

/** One step in a direction: "left" shows more of what is to the left. */
export function panStep(view: MapView, direction: PanDirection, size: MapSize): MapView {
  const dx = size.width * PAN_STEP;
  const dy = size.height * PAN_STEP;
  const moves: Record<PanDirection, [number, number]> = { left: [dx, 0], right: [-dx, 0], up: [0, dy], down: [0, -dy] };
  const [mx, my] = moves[direction];
  return panBy(view, mx, my, size);
}

export const KEY_DIRECTIONS: Record<string, PanDirection> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

export function transformOf(view: MapView): string {
  return view.zoomed ? `translate(${view.x} ${view.y}) scale(${ZOOM_FACTOR})` : '';
}
