/** A definition behind a figure: an ⓘ button whose tooltip shows on hover and on keyboard focus. */
import { useId } from 'react';

export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label={`About ${label}`}
        aria-describedby={id}
        className="inline-flex size-6 items-center justify-center rounded-full text-xs font-bold text-stone-500 ring-1 ring-stone-300 hover:text-lake-900"
      >
        i
      </button>
      <span
        role="tooltip"
        id={id}
        className="absolute top-7 right-0 z-10 hidden w-64 max-w-[80vw] rounded-md bg-stone-900 p-2 text-xs font-normal text-white shadow-lg group-focus-within:block group-hover:block"
      >
        {text}
      </span>
    </span>
  );
}
