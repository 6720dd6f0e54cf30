/**
 * The dashboard's Lots screen (/marketing/lots): every lot with its status, tags, size, price
 * and the interest it drew in a range (page views of its page, clicks on it in the map, leads
 * naming it); filter by status and tag, sort by any column, change a status inline, edit a lot
 * in a dialog, and mark several lots sold at once. Each change goes to the server, which
 * validates, audits and publishes it; the public pages show it on their next load. Every change
 * names the version of the lot it was based on; one refused because the lot changed since (409)
 * says so and the list is read again, so the screen shows the lot as it is now.
 */
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import {
  LOT_INTEREST_RANGES,
  LOT_STATUSES,
  LOT_TAGS,
  type Lot,
  type LotInterestRange,
  type LotPatch,
  type LotStatus,
} from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useLotInterest } from '../../../lib/use-lot-interest';
import { lotChangesKey } from '../api/list-lot-changes';
import { useStaffLots } from '../api/list-staff-lots';
import { updateLot } from '../api/update-lot';
import { arrangeLots, joinInterest, nextSort, type Filters, type LotRow, type Sort } from '../lib/arrange-lots';
import { statusLabel, tagLabel } from '../lib/lot-labels';
import { Select } from '../../../components/ui/select';
import { LotEditDialog } from './lot-edit-dialog';
import { LotsTable } from './lots-table';

const RANGE_LABELS: Record<LotInterestRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};
const RANGE_OPTIONS = (Object.keys(LOT_INTEREST_RANGES) as LotInterestRange[]).map((r) => ({
  value: r,
  label: RANGE_LABELS[r],
}));
const STATUS_OPTIONS: { value: Filters['status']; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  ...LOT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
];
const TAG_OPTIONS: { value: Filters['tag']; label: string }[] = [
  { value: 'all', label: 'All tags' },
  ...LOT_TAGS.map((t) => ({ value: t, label: tagLabel(t) })),
];

export function LotsPage() {
  const { lots, error, isLoading, mutate } = useStaffLots();
  const { mutate: mutateKey } = useSWRConfig();
  const [range, setRange] = useState<LotInterestRange>('30d');
  const { interest, error: interestError } = useLotInterest(LOT_INTEREST_RANGES[range]);
  const [filters, setFilters] = useState<Filters>({ status: 'all', tag: 'all' });
  const [sort, setSort] = useState<Sort>({ key: 'number', dir: 'asc' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Lot | null>(null);
  const [confirmBulk, setConfirmBulk] = useState(false);

  const rows = useMemo(
    () => arrangeLots(joinInterest(lots ?? [], interest), filters, sort),
    [lots, interest, filters, sort],
  );

  /** Sends one change and puts the stored lot in the list. */
  const save = async (number: number, patch: LotPatch): Promise<Lot> => {
    setBusy((b) => new Set(b).add(number));
    try {
      const lot = await updateLot(number, patch);
      await mutate((list) => list?.map((l) => (l.number === lot.number ? lot : l)), { revalidate: false });
      void mutateKey(lotChangesKey(number));
      return lot;
    } catch (err) {
      if (staleEditMessage(err)) void mutate();
      throw err;
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(number);
        return next;
      });
    }
  };

  const changeStatus = async (row: LotRow, status: LotStatus) => {
    try {
      await save(row.number, { version: row.version, status });
      toast({ title: 'Lot updated', description: `Lot ${row.number} is now ${statusLabel(status).toLowerCase()}.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  };

  const markSelectedSold = async () => {
    setConfirmBulk(false);
    const numbers = [...selected].sort((a, b) => a - b);
    const versions = new Map((lots ?? []).map((l) => [l.number, l.version]));
    const failed: number[] = [];
    let changedMeanwhile = false;
    for (const n of numbers) {
      try {
        await save(n, { version: versions.get(n) ?? 0, status: 'sold' });
      } catch (err) {
        changedMeanwhile ||= staleEditMessage(err) !== null;
        failed.push(n);
      }
    }
    setSelected(new Set(failed));
    const done = numbers.length - failed.length;
    if (done > 0) toast({ title: 'Lots updated', description: `${done} ${done === 1 ? 'lot' : 'lots'} marked sold.` });
    if (failed.length)
      toast({
        title: 'Error',
        description: `Could not mark lot ${failed.join(', ')} sold.${changedMeanwhile ? ' Changed by someone else since the list was loaded: the list now shows them as they are.' : ''}`,
        variant: 'destructive',
      });
  };

  const counts = LOT_STATUSES.map((s) => [s, (lots ?? []).filter((l) => l.status === s).length] as const);

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-stone-900">Lots</h1>
          {lots && (
            <p className="mt-1 text-stone-700">
              {counts.map(([s, n]) => `${n} ${statusLabel(s).toLowerCase()}`).join(' · ')} of {lots.length} lots
            </p>
          )}
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-end gap-4">
        <Select
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilters((f) => ({ ...f, status }))}
        />
        <Select
          label="Tag"
          value={filters.tag}
          options={TAG_OPTIONS}
          onChange={(tag) => setFilters((f) => ({ ...f, tag }))}
        />
        <Select label="Interest" value={range} options={RANGE_OPTIONS} onChange={setRange} />
      </div>

      <div className="mt-4 flex min-h-12 flex-wrap items-center gap-3" aria-live="polite">
        {selected.size > 0 && !confirmBulk && (
          <>
            <span className="text-sm font-medium text-stone-800">{selected.size} selected</span>
            <button
              type="button"
              onClick={() => setConfirmBulk(true)}
              className="min-h-10 rounded-md bg-canyon-600 px-4 text-sm font-semibold text-white hover:bg-canyon-700"
            >
              Mark selected sold
            </button>
            <button
              type="button"
              onClick={() => setSelected(new Set())}
              className="min-h-10 rounded-md px-3 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Clear selection
            </button>
          </>
        )}
        {confirmBulk && (
          <>
            <span className="text-sm font-medium text-stone-900">
              Mark {selected.size === 1 ? 'lot' : 'lots'} {[...selected].sort((a, b) => a - b).join(', ')} sold?
            </span>
            <button
              type="button"
              onClick={markSelectedSold}
              className="min-h-10 rounded-md bg-canyon-600 px-4 text-sm font-semibold text-white hover:bg-canyon-700"
            >
              Confirm
            </button>
            <button
              type="button"
              onClick={() => setConfirmBulk(false)}
              className="min-h-10 rounded-md px-3 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100"
            >
              Cancel
            </button>
          </>
        )}
      </div>

      {interestError && (
        <p className="mb-3 text-sm text-amber-800">Interest figures could not be loaded; the lots are current.</p>
      )}
      {interest?.viewsUnavailable && (
        <p className="mb-3 text-sm text-amber-800">
          Page views and map clicks could not be loaded; the lots are current.
        </p>
      )}
      {interest?.leadsUnavailable && (
        <p className="mb-3 text-sm text-amber-800">Leads could not be loaded; the lots are current.</p>
      )}
      {interest?.watchersUnavailable && (
        <p className="mb-3 text-sm text-amber-800">Watchers could not be loaded; the lots are current.</p>
      )}
      {isLoading && <p className="text-stone-600">Loading lots…</p>}
      {error && <p className="text-red-700">Error loading lots. Please try again.</p>}
      {lots && (
        <LotsTable
          rows={rows}
          sort={sort}
          onSort={(key) => setSort((s) => nextSort(s, key))}
          selected={selected}
          onToggle={(n) =>
            setSelected((s) => {
              const next = new Set(s);
              if (!next.delete(n)) next.add(n);
              return next;
            })
          }
          onToggleAll={(numbers, on) =>
            setSelected((s) => {
              const next = new Set(s);
              for (const n of numbers)
                if (on) next.add(n);
                else next.delete(n);
              return next;
            })
          }
          onStatus={changeStatus}
          onEdit={setEditing}
          busy={busy}
        />
      )}
      {lots && rows.length === 0 && <p className="mt-4 text-stone-600">No lots match these filters.</p>}

      {editing && (
        <LotEditDialog
          key={editing.number}
          number={editing.number}
          onClose={() => setEditing(null)}
          onSave={async (patch) => {
            try {
              await save(editing.number, patch);
            } catch (err) {
              toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
              throw err;
            }
            toast({ title: 'Lot updated', description: `Lot ${editing.number} was saved.` });
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
