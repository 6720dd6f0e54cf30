/** A search box named by a visually hidden label (its placeholder shows what it searches). */
import { useId } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  className: string;
};

export function SearchInput({ label, value, onChange, placeholder, className }: Props) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={className}
      />
    </>
  );
}
