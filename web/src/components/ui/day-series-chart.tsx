/**
 * A per-day chart of a few series (recharts, dashboard chunk only), shared by the web and the
 * e-mail analytics: each series has its own colour AND its own line dash and point marker, so
 * two series with equal values stay apart (one is drawn dashed over the other); a legend in
 * HTML names them; points are drawn whenever there are few enough days to see them, so a
 * range with one day of data shows that day; a range whose series are all zero shows `empty`
 * instead of a flat line. Days are the server's calendar days in the site's time zone
 * ("Nov 25"), and the caption names that zone.
 */
import type { Key, ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDay, timeZoneLabel } from '../../lib/site-time';

export type ChartType = 'line' | 'bar';
export type Marker = 'circle' | 'square' | 'triangle' | 'diamond';
export type ChartSeries = {
  key: string;
  name: string;
  color: string;
  /** SVG stroke-dasharray of the line ('' = solid). */
  dash: string;
  marker: Marker;
};
type Row = Record<string, string | number>;

/** Up to this many days each point is drawn; above it only the hovered one. */
export const MAX_DAYS_WITH_POINTS = 31;

type DotProps = { cx?: number; cy?: number; key?: Key | null };

function markerShape(marker: Marker, color: string, size: number) {
  return function Dot({ cx, cy, key: rawKey }: DotProps): ReactElement<SVGElement> {
    const key = rawKey ?? undefined;
    if (cx === undefined || cy === undefined) return <g key={key} />;
    const r = size;
    const common = { fill: color, stroke: '#fff', strokeWidth: 1, 'data-marker': marker };
    if (marker === 'square') return <rect key={key} x={cx - r} y={cy - r} width={2 * r} height={2 * r} {...common} />;
    if (marker === 'triangle')
      return (
        <polygon key={key} points={`${cx},${cy - r - 1} ${cx + r + 1},${cy + r} ${cx - r - 1},${cy + r}`} {...common} />
      );
    if (marker === 'diamond')
      return (
        <polygon
          key={key}
          points={`${cx},${cy - r - 1} ${cx + r + 1},${cy} ${cx},${cy + r + 1} ${cx - r - 1},${cy}`}
          {...common}
        />
      );
    return <circle key={key} cx={cx} cy={cy} r={r} {...common} />;
  };
}

function LegendSwatch({ s, type }: { s: ChartSeries; type: ChartType }) {
  return (
    <svg width="28" height="12" aria-hidden="true" className="shrink-0">
      {type === 'bar' ? (
        <rect x="8" y="1" width="12" height="10" fill={s.color} />
      ) : (
        <>
          <line x1="0" y1="6" x2="28" y2="6" stroke={s.color} strokeWidth="2.5" strokeDasharray={s.dash || undefined} />
          {markerShape(s.marker, s.color, 3.5)({ cx: 14, cy: 6 })}
        </>
      )}
    </svg>
  );
}

export function DaySeriesChart({
  rows,
  dayKey,
  series,
  type,
  label,
  empty,
  width,
}: {
  rows: Row[];
  /** The field holding the day (YYYY-MM-DD). */
  dayKey: string;
  series: readonly ChartSeries[];
  type: ChartType;
  /** What the chart shows, for screen readers ("Line chart of …" is added). */
  label: string;
  /** Shown instead of the chart when every value is 0 or there are no days. */
  empty: string;
  /** A fixed width in px (tests); by default the chart fills its box. */
  width?: number;
}) {
  const hasData = rows.some((r) => series.some((s) => Number(r[s.key]) > 0));
  if (!hasData)
    return (
      <div className="flex h-72 items-center justify-center rounded-md bg-stone-50 text-center text-sm text-stone-600">
        <p>{empty}</p>
      </div>
    );
  const showPoints = rows.length <= MAX_DAYS_WITH_POINTS;
  const common = { data: rows, margin: { top: 8, right: 12, bottom: 0, left: -16 } };
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="#e7e5e4" />,
    <XAxis
      key="x"
      dataKey={dayKey}
      tickFormatter={(d: string) => formatCalendarDay(String(d))}
      minTickGap={24}
      fontSize={12}
      // One day alone sits in the middle, not on the chart's edge.
      padding={rows.length === 1 ? { left: 40, right: 40 } : { left: 8, right: 8 }}
    />,
    <YAxis key="y" allowDecimals={false} fontSize={12} />,
    <Tooltip key="tip" labelFormatter={(d) => formatCalendarDay(String(d), { year: true })} />,
  ];
  const chart =
    type === 'line' ? (
      <LineChart {...common} width={width} height={width ? 288 : undefined}>
        {axes}
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="linear"
            dataKey={s.key}
            name={s.name}
            stroke={s.color}
            // The first series is drawn widest, so the ones over it (dashed) leave it visible.
            strokeWidth={i === 0 ? 3 : 2}
            strokeDasharray={s.dash || undefined}
            dot={showPoints ? markerShape(s.marker, s.color, 3.5) : false}
            activeDot={markerShape(s.marker, s.color, 5)}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    ) : (
      <BarChart {...common} width={width} height={width ? 288 : undefined}>
        {axes}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} maxBarSize={48} isAnimationActive={false} />
        ))}
      </BarChart>
    );
  return (
    <figure>
      <div
        className="h-72"
        role="img"
        aria-label={`${type === 'line' ? 'Line' : 'Bar'} chart of ${label}`}
        data-chart-type={type}
      >
        {width ? (
          chart
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {chart}
          </ResponsiveContainer>
        )}
      </div>
      <figcaption className="mt-3 flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-stone-700">
        <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-1">
          {series.map((s) => (
            <li key={s.key} className="flex items-center gap-2">
              <LegendSwatch s={s} type={type} />
              {s.name}
            </li>
          ))}
        </ul>
        <span className="text-xs text-stone-600">Days in {timeZoneLabel()}</span>
      </figcaption>
    </figure>
  );
}
