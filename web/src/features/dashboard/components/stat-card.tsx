/**
 * One dashboard card: a link with its title, value and the change 'from last month' — the real
 * month-over-month change in percent, or '—' where there is nothing to compare with.
 */
import { Link } from 'react-router-dom';

/** `change`: none where there is nothing to compare with. */
type Props = { to: string; title: string; value: string; change?: number | null; hint?: string };

function formatChange(change: number): string {
  const sign = change > 0 ? '+' : change < 0 ? '−' : '+';
  return `${sign}${Math.abs(change).toFixed(1).replace(/\.0$/, '')}%`;
}

export function StatCard({ to, title, value, change = null, hint }: Props) {
  const tone = change === null ? 'text-stone-600' : change < 0 ? 'text-red-800' : 'text-green-800';
  return (
    <Link to={to} className="block rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200 hover:ring-lake-600">
      <h2 className="text-sm font-medium text-stone-600">{title}</h2>
      <p className="mt-2 text-3xl font-bold text-lake-900" title={hint}>
        {value}
        {hint && <span className="sr-only"> ({hint})</span>}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        <span className={`font-semibold ${tone}`}>{change === null ? '—' : formatChange(change)}</span> from last month
      </p>
    </Link>
  );
}
