/** Visits and visitors per day as a line or bar chart (recharts, dashboard chunk only). */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { WebAnalyticsDay } from '@lp/contracts';
import { formatDay } from '../lib/format-analytics';

export type ChartType = 'line' | 'bar';

const SERIES = [
  { key: 'visits', name: 'Visits', color: '#0b5a75' },
  { key: 'visitors', name: 'Visitors', color: '#b8461b' },
] as const;

export function VisitsChart({ series, type }: { series: WebAnalyticsDay[]; type: ChartType }) {
  const common = { data: series, margin: { top: 8, right: 8, bottom: 0, left: -16 } };
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#e7e5e4" />
      <XAxis dataKey="day" tickFormatter={formatDay} minTickGap={24} fontSize={12} />
      <YAxis allowDecimals={false} fontSize={12} />
      <Tooltip labelFormatter={(d) => formatDay(String(d))} />
      <Legend />
    </>
  );
  return (
    <div
      className="h-72"
      role="img"
      aria-label={`${type === 'line' ? 'Line' : 'Bar'} chart of visits and visitors per day`}
      data-chart-type={type}
    >
      <ResponsiveContainer width="100%" height="100%">
        {type === 'line' ? (
          <LineChart {...common}>
            {axes}
            {SERIES.map((s) => (
              <Line
                key={s.key}
                type="monotone"
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        ) : (
          <BarChart {...common}>
            {axes}
            {SERIES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
