/**
 * Drag-to-pan with pointer events, only while zoomed: pointer capture keeps the drag going
 * off the element, screen pixels are converted to map units, and a click that ended a real
 * drag (more than 4 px) is swallowed so it does not select a lot.
 */
import { useRef, type MouseEvent, type PointerEvent } from 'react';
import { MAP_HEIGHT, MAP_WIDTH } from '../lib/plan-size';

const DRAG_THRESHOLD_PX = 4;

export function useMapDrag(enabled: boolean, onPan: (dx: number, dy: number) => void) {
  const last = useRef<{ x: number; y: number } | null>(null);
  const moved = useRef(0);

  const unitsPerPx = (el: Element) => {
    const r = el.getBoundingClientRect();
    return Math.max(MAP_WIDTH / (r.width || MAP_WIDTH), MAP_HEIGHT / (r.height || MAP_HEIGHT));
  };

  return {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      if (!enabled || e.button !== 0) return;
      last.current = { x: e.clientX, y: e.clientY };
      moved.current = 0;
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      if (!last.current) return;
      const dxPx = e.clientX - last.current.x;
      const dyPx = e.clientY - last.current.y;
      moved.current += Math.abs(dxPx) + Math.abs(dyPx);
      if (moved.current > DRAG_THRESHOLD_PX && !e.currentTarget.hasPointerCapture(e.pointerId)) {
        e.currentTarget.setPointerCapture(e.pointerId);
      }
      last.current = { x: e.clientX, y: e.clientY };
      const k = unitsPerPx(e.currentTarget);
      onPan(dxPx * k, dyPx * k);
    },
    onPointerUp() {
      last.current = null;
    },
    onClickCapture(e: MouseEvent) {
      if (moved.current > DRAG_THRESHOLD_PX) {
        e.stopPropagation();
        moved.current = 0;
      }
    },
  };
}
