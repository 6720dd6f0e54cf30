/** Shown while a page's chunk loads: a reserved, quiet area with a polite status. */
export function PageLoading() {
  return (
    <div className="grid min-h-[70vh] place-items-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-lake-100 border-t-lake-700 motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
