/** A labelled native select (keyboard and screen-reader friendly by construction). */
import { useId } from 'react';

type Option<V extends string> = { value: V; label: string };
type Props<V extends string> = {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  className?: string;
};

export function Select<V extends string>({ label, value, options, onChange, className = '' }: Props<V>) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const picked = options.find((o) => o.value === e.target.value);
          if (picked) onChange(picked.value);
        }}
        className="min-h-10 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-900 focus:border-lake-600 focus:outline-none focus:ring-2 focus:ring-lake-600/30"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
