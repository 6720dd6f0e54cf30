/** Number formats of the analytics screens: counts, rates to one decimal (spec §9), durations, change. */
export { formatCount } from './format-count';
export const formatRate = (percent: number) => `${percent.toFixed(1)}%`;

/** 0 → "0s", 75 → "1m 15s", 3725 → "1h 2m". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

/**
 * Change against the previous period: a relative change for counts and durations, a
 * difference in points for rates; null when there is nothing to compare with.
 */
export function formatChange(current: number, previous: number, kind: 'relative' | 'points'): string | null {
  if (kind === 'points') {
    const d = current - previous;
    return `${d >= 0 ? '+' : '−'}${Math.abs(d).toFixed(1)} pts`;
  }
  if (previous === 0) return current === 0 ? '0.0%' : null;
  const pct = ((current - previous) / previous) * 100;
  return `${pct >= 0 ? '+' : '−'}${Math.abs(pct).toFixed(1)}%`;
}

/** '' stands for none in the top tables. */
export const labelOf = (value: string, none: string) => (value === '' ? none : value);
