/** A loading spinner with a screen-reader label. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="grid place-items-center py-16">
      <span className="size-10 animate-spin rounded-full border-4 border-lake-100 border-t-lake-700 motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
