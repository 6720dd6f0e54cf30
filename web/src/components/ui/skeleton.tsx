/** A loading placeholder block (pulsing, hidden from assistive technology; say "loading" beside it). */
export function Skeleton({ className = '' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded-md bg-stone-200 motion-reduce:animate-none ${className}`}
    />
  );
}
