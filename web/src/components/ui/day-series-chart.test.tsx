/**
 * The shared per-day chart, rendered at a fixed width (jsdom has no layout): a legend naming
 * every series with its own dash and marker, a visible point for a single day of data, no
 * points on a year of days, and the empty text instead of a flat chart.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DaySeriesChart, type ChartSeries } from './day-series-chart';

const SERIES: readonly ChartSeries[] = [
  { key: 'visits', name: 'Visits', color: '#0b5a75', dash: '', marker: 'circle' },
  { key: 'visitors', name: 'Visitors', color: '#b8461b', dash: '6 4', marker: 'square' },
];
const chart = (rows: Record<string, string | number>[], type: 'line' | 'bar' = 'line') =>
  render(
    <DaySeriesChart
      rows={rows}
      dayKey="day"
      series={SERIES}
      type={type}
      label="visits and visitors per day"
      empty="No visits in this range."
      width={600}
    />,
  );
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    day: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    visits: (i % 5) + 1,
    visitors: (i % 5) + 1,
  }));

describe('day series chart', () => {
  it('names each series in a legend, each with its own colour, dash and marker, and the time zone', () => {
    const { container } = chart(days(7));
    const legend = screen.getByRole('list', { name: 'Legend' });
    const items = within(legend).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Visits', 'Visitors']);
    const lines = items.map((li) => li.querySelector('line')!);
    expect(lines.map((l) => l.getAttribute('stroke'))).toEqual(['#0b5a75', '#b8461b']);
    expect(lines.map((l) => l.getAttribute('stroke-dasharray'))).toEqual([null, '6 4']);
    expect(items.map((li) => li.querySelector('[data-marker]')!.getAttribute('data-marker'))).toEqual([
      'circle',
      'square',
    ]);
    // The two lines themselves are drawn apart: one solid, one dashed.
    const curves = Array.from(container.querySelectorAll('path.recharts-line-curve'));
    expect(curves.map((c) => c.getAttribute('stroke-dasharray'))).toEqual([null, '6 4']);
    expect(screen.getByText('Days in Phoenix time (MST)')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Line chart of visits and visitors per day');
  });

  it('draws a point for each series when there is one day of data', () => {
    const { container } = chart([{ day: '2026-11-25', visits: 1, visitors: 1 }]);
    expect(container.querySelectorAll('svg.recharts-surface circle[data-marker="circle"]')).toHaveLength(1);
    expect(container.querySelectorAll('svg.recharts-surface rect[data-marker="square"]')).toHaveLength(1);
    expect(screen.queryByText('No visits in this range.')).toBeNull();
  });

  it('leaves the points out on a year of days (only the hovered one shows)', () => {
    const { container } = chart(days(365));
    expect(container.querySelectorAll('svg.recharts-surface [data-marker]')).toHaveLength(0);
    expect(container.querySelectorAll('path.recharts-line-curve')).toHaveLength(2);
  });

  it('shows the empty text, not a flat chart, when every value is 0 or there are no days', () => {
    const { container } = chart([
      { day: '2026-11-24', visits: 0, visitors: 0 },
      { day: '2026-11-25', visits: 0, visitors: 0 },
    ]);
    expect(screen.getByText('No visits in this range.')).toBeTruthy();
    expect(container.querySelector('svg.recharts-surface')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Legend' })).toBeNull();
    chart([]);
    expect(screen.getAllByText('No visits in this range.')).toHaveLength(2);
  });

  it('draws bars with a legend of colour swatches', () => {
    const { container } = chart(days(3), 'bar');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Bar chart of visits and visitors per day');
    expect(container.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
    expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
