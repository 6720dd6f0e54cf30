/** The brand mark: a mesa over lake water, in the lake/canyon palette. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="9" fill="#0a4a61" />
      <path d="M6 24h5l3-7h10l3 7h7v3H6z" fill="#e0793f" />
      <path d="M6 29c4-2 8 2 14 0s10 2 14 0v5H6z" fill="#7cc4dc" />
      <circle cx="29" cy="11" r="3" fill="#f5c66b" />
    </svg>
  );
}
