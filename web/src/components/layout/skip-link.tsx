/** "Skip to main content": the first focusable element of every page. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-md bg-white px-4 py-2 font-semibold text-lake-900 shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      Skip to main content
    </a>
  );
}
