/**
 * "Goals" on the Web tab, for the view's period and filters: each goal with its conversions
 * (visits that reached it), converting visitors and conversion rate (per 100 visitors), an edit
 * and a delete per goal and "Add goal"; below, the sources that convert best for the goal chosen.
 * Downloads as CSV as shown. An empty state says what a goal is.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { csvLine, type AnalyticsFilters, type AnalyticsPeriodInput, type GoalResult } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { FiguresTable } from '../../../components/ui/figures-table';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { FirstLookNote } from './first-look-note';
import { downloadCsv } from '../../../lib/download-csv';
import { formatCount, formatRate, labelOf } from '../../../lib/format-analytics';
import { deleteGoal, isGoalKey, useGoalReport } from '../api/goals';
import { GoalFormDialog } from './goal-form-dialog';

const buttonClass =
  'min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100';

/** "Page /lots/*" or "Event form_submitted": what a goal counts. */
export const goalWhat = (g: Pick<GoalResult, 'kind' | 'value'>) => `${g.kind === 'page' ? 'Page' : 'Event'} ${g.value}`;

function goalsCsv(goals: readonly GoalResult[]): string[] {
  return [
    csvLine(['Goal', 'Counts', 'Conversions', 'Visitors', 'Conversion rate (%)']),
    ...goals.map((g) =>
      csvLine([g.name, goalWhat(g), String(g.conversions), String(g.visitors), g.conversionRate.toFixed(1)]),
    ),
  ];
}

export function GoalsCard({ period, filters }: { period: AnalyticsPeriodInput; filters: AnalyticsFilters }) {
  const { mutate } = useSWRConfig();
  const { data, error, isLoading, mutate: retry } = useGoalReport({ period, filters });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<GoalResult | null>(null);
  const [deleting, setDeleting] = useState<GoalResult | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const goals = data?.goals ?? [];
  const shown = goals.find((g) => g.id === chosen) ?? goals[0];
  return (
    <Card
      title="Goals"
      actions={
        <div className="flex gap-2">
          {data && goals.length > 0 && (
            <button
              type="button"
              onClick={() => downloadCsv(`goals_${data.from}_to_${data.to}.csv`, goalsCsv(goals))}
              aria-label="Download Goals as CSV"
              className={buttonClass}
            >
              CSV
            </button>
          )}
          <button type="button" onClick={() => setAdding(true)} className={buttonClass}>
            Add goal
          </button>
        </div>
      }
    >
      {isLoading && !data && <Skeleton className="h-24" />}
      <FirstLookNote loading={isLoading} />
      {error && <ErrorState message="Goals could not be loaded." onRetry={() => void retry()} />}
      {data && !error && goals.length === 0 && (
        <p className="text-sm text-stone-600">
          No goals yet. Add a page (/contact, /lots/*) or an event (form_submitted) that counts as a conversion.
        </p>
      )}
      {data && !error && goals.length > 0 && (
        <div className="space-y-6">
          <div className="overflow-x-auto">
            <FiguresTable
              caption={`Goals: conversions of ${formatCount(data.visitors)} visitors`}
              head="Goal"
              rowHeader
              name={(g) => (
                <>
                  <span className="block font-medium text-stone-900">{g.name}</span>
                  <span className="flex flex-wrap items-center gap-x-2 text-xs text-stone-600">
                    {goalWhat(g)}
                    {/* In the name's cell, not a column of its own: the table fits a phone. */}
                    <button
                      type="button"
                      onClick={() => setEditing(g)}
                      aria-label={`Edit goal ${g.name}`}
                      className="min-h-8 rounded px-1 text-lake-800 underline-offset-2 hover:underline"
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => setDeleting(g)}
                      aria-label={`Delete goal ${g.name}`}
                      className="min-h-8 rounded px-1 text-red-800 underline-offset-2 hover:underline"
                    >
                      Delete
                    </button>
                  </span>
                </>
              )}
              rows={goals}
              rowKey={(g) => g.id}
              columns={[
                { head: 'Conversions', cell: (g) => formatCount(g.conversions) },
                { head: 'Visitors', cell: (g) => formatCount(g.visitors) },
                { head: 'Conversion rate', cell: (g) => formatRate(g.conversionRate), wrapHead: true },
              ]}
            />
          </div>
          {shown && (
            <div className="space-y-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-lake-900">Sources that convert best</h3>
                <Select
                  label="Goal"
                  value={String(shown.id)}
                  options={goals.map((g) => ({ value: String(g.id), label: g.name }))}
                  onChange={(v) => setChosen(Number(v))}
                />
              </div>
              {shown.sources.length === 0 ? (
                <p className="text-sm text-stone-600">No visit reached {shown.name} in this range.</p>
              ) : (
                <div className="overflow-x-auto">
                  <FiguresTable
                    caption={`Sources that convert best for ${shown.name}`}
                    head="Source"
                    name={(r) => labelOf(r.value, 'Direct / none')}
                    rows={shown.sources}
                    rowKey={(r) => r.value}
                    columns={[
                      { head: 'Visits', cell: (r) => formatCount(r.visits) },
                      { head: 'Conversions', cell: (r) => formatCount(r.conversions) },
                      { head: 'Conversion rate', cell: (r) => formatRate(r.conversionRate) },
                    ]}
                  />
                </div>
              )}
            </div>
          )}
        </div>
      )}
      <GoalFormDialog open={adding} onClose={() => setAdding(false)} />
      <GoalFormDialog open={editing !== null} goal={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmActionDialog
        open={deleting !== null}
        title="Delete Goal"
        message={deleting ? `Delete the goal "${deleting.name}"? The visits it counted stay.` : undefined}
        confirmLabel="Delete"
        onClose={() => setDeleting(null)}
        action={async () => deleting && (await deleteGoal(deleting.id))}
        done={{ title: 'Goal deleted' }}
        afterDone={() => mutate(isGoalKey)}
        failed={{ title: 'Failed to delete goal', description: 'Please try again.' }}
      />
    </Card>
  );
}
