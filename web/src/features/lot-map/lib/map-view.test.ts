import { describe, expect, it } from 'vitest';
import {
  INITIAL_VIEW,
  KEY_DIRECTIONS,
  ZOOM_FACTOR,
  panBy,
  panStep,
  scaleOf,
  toggleZoom,
  transformOf,
} from './map-view';

const size = { width: 1000, height: 720 };

describe('lot map view', () => {
  it('zooms in by 1.5 around the centre and back out to the start', () => {
    const zoomed = toggleZoom(INITIAL_VIEW, size);
    expect(ZOOM_FACTOR).toBe(1.5);
    expect(scaleOf(zoomed)).toBe(1.5);
    expect(zoomed).toEqual({ zoomed: true, x: -250, y: -180 });
    expect(transformOf(zoomed)).toBe('translate(-250 -180) scale(1.5)');
    expect(toggleZoom(zoomed, size)).toEqual(INITIAL_VIEW);
  });

  it('ignores panning while zoomed out', () => {
    expect(panBy(INITIAL_VIEW, 50, 50, size)).toBe(INITIAL_VIEW);
    expect(panStep(INITIAL_VIEW, 'left', size)).toBe(INITIAL_VIEW);
  });

  it('pans while zoomed, clamped to the plan', () => {
    const zoomed = toggleZoom(INITIAL_VIEW, size);
    expect(panBy(zoomed, 100, -50, size)).toEqual({ zoomed: true, x: -150, y: -230 });
    expect(panBy(zoomed, 10_000, 10_000, size)).toEqual({ zoomed: true, x: 0, y: 0 });
    expect(panBy(zoomed, -10_000, -10_000, size)).toEqual({ zoomed: true, x: -500, y: -360 });
  });

  it('resets the position when zooming out after a pan', () => {
    const panned = panBy(toggleZoom(INITIAL_VIEW, size), 80, 40, size);
    expect(toggleZoom(panned, size)).toEqual(INITIAL_VIEW);
  });

  it('maps arrow keys to steps that reveal that side', () => {
    const zoomed = toggleZoom(INITIAL_VIEW, size);
    expect(KEY_DIRECTIONS.ArrowLeft).toBe('left');
    expect(panStep(zoomed, 'left', size).x).toBe(-150);
    expect(panStep(zoomed, 'right', size).x).toBe(-350);
    expect(panStep(zoomed, 'up', size).y).toBe(-108);
    expect(panStep(zoomed, 'down', size).y).toBe(-252);
  });
});
