/**
 * Shown in an editor whose save was refused because someone saved the record after it was
 * opened: says so, keeps what was typed on screen, and offers to load the newer version
 * (which replaces the form with it).
 */
export function StaleEditAlert({
  message,
  onLoadNewer,
  loading = false,
}: {
  message: string;
  onLoadNewer: () => void;
  loading?: boolean;
}) {
  return (
    <div role="alert" className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <div>
        <p className="font-semibold">{message}</p>
        <p className="mt-1 text-sm">
          Nothing was saved and what you typed is still here. Copy what you need, then load the newer version to edit
          it.
        </p>
      </div>
      <div>
        <button
          type="button"
          onClick={onLoadNewer}
          disabled={loading}
          className="min-h-10 rounded-md bg-white px-4 text-sm font-semibold text-amber-950 ring-1 ring-amber-400 hover:bg-amber-100 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {loading ? 'Loading…' : 'Load the newer version'}
        </button>
      </div>
    </div>
  );
}
