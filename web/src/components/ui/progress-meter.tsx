/**
 * A long operation's progress: what is happening, how far (e.g. "12,000 of 50,000") and a bar;
 * without figures yet (`max` null) the bar is indeterminate, so the screen still shows it works.
 */
type Props = { label: string; status: string; value?: number | null; max?: number | null; figures?: string };

export function ProgressMeter({ label, status, value = null, max = null, figures }: Props) {
  const known = value !== null && max !== null && max > 0;
  return (
    <div role="status" aria-live="polite">
      <div className="flex justify-between gap-3 text-sm text-stone-700">
        <span>{status}</span>
        {figures && <span className="tabular-nums">{figures}</span>}
      </div>
      <progress
        className="mt-1 h-2 w-full accent-lake-700"
        aria-label={label}
        {...(known ? { max, value: Math.min(value, max) } : {})}
      >
        {figures}
      </progress>
    </div>
  );
}
