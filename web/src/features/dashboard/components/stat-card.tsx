/** One dashboard card: a link with its title, value, the fixed '+0%' 'from last month' line. */
import { Link } from 'react-router-dom';

type Props = { to: string; title: string; value: string; hint?: string };

export function StatCard({ to, title, value, hint }: Props) {
  return (
    <Link to={to} className="block rounded-xl bg-white p-6 shadow-sm ring-1 ring-stone-200 hover:ring-lake-600">
      <h2 className="text-sm font-medium text-stone-600">{title}</h2>
      <p className="mt-2 text-3xl font-bold text-lake-900" title={hint}>
        {value}
        {hint && <span className="sr-only"> ({hint})</span>}
      </p>
      <p className="mt-1 text-sm text-stone-600">
        <span className="font-semibold text-green-800">+0%</span> from last month
      </p>
    </Link>
  );
}
