/**
 * "Funnel" on the Web tab: 2 to 8 goals in order, picked step by step; "Show funnel" puts them
 * in the address (`funnel=3,1,5`, beside the period and filters, so a funnel can be bookmarked
 * and shared), and the card shows, for the view's period and filters, the visitors who reached
 * each step in order within one visit, how many dropped off since the step before, and the share
 * of the first step's visitors who got there (a bar and the figures in a table).
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import {
  FUNNEL_GOALS_PARAM,
  FUNNEL_STEPS_MAX,
  FUNNEL_STEPS_MIN,
  type AnalyticsFilters,
  type AnalyticsPeriodInput,
  type Goal,
} from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { FirstLookNote } from './first-look-note';
import { errorMessage } from '../../../lib/error-message';
import { formatCount, formatRate } from '../../../lib/format-analytics';
import { useFunnel, useGoals } from '../api/goals';
import { goalWhat } from './goals-card';

const FUNNEL_PARAM = 'funnel';
const buttonClass =
  'min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-50';

/** The goal ids of `funnel=3,1,5`, read as the API reads them; none when it names no funnel. */
export function funnelOf(params: URLSearchParams): number[] {
  const ids = v.safeParse(FUNNEL_GOALS_PARAM, params.get(FUNNEL_PARAM) ?? '');
  return ids.success ? ids.output : [];
}

function StepsPicker({ goals, shown, onShow }: { goals: Goal[]; shown: number[]; onShow: (ids: number[]) => void }) {
  const first = (shown.length > 0 ? shown : goals.slice(0, FUNNEL_STEPS_MIN).map((g) => g.id)).filter((id) =>
    goals.some((g) => g.id === id),
  );
  const [steps, setSteps] = useState<number[]>(first);
  // A funnel opened from the address (or Back) is the one to edit.
  useEffect(() => {
    if (shown.length > 0) setSteps(shown);
  }, [shown.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const options = goals.map((g) => ({ value: String(g.id), label: g.name }));
  return (
    <form
      aria-label="Funnel steps"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onShow(steps);
      }}
    >
      <ol className="space-y-2">
        {steps.map((id, i) => (
          <li key={i} className="flex flex-wrap items-center gap-2">
            <Select
              label={`Step ${i + 1}`}
              value={String(id)}
              options={options}
              onChange={(v) => setSteps(steps.map((s, j) => (j === i ? Number(v) : s)))}
            />
            {steps.length > FUNNEL_STEPS_MIN && (
              <button
                type="button"
                onClick={() => setSteps(steps.filter((_, j) => j !== i))}
                aria-label={`Remove step ${i + 1}`}
                className="min-h-10 rounded-md px-2 text-sm text-stone-700 hover:bg-stone-100"
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={steps.length >= FUNNEL_STEPS_MAX}
          onClick={() => setSteps([...steps, goals[0]!.id])}
          className={buttonClass}
        >
          Add step
        </button>
        <button
          type="submit"
          className="min-h-10 rounded-md bg-lake-800 px-4 text-sm font-semibold text-white hover:bg-lake-900"
        >
          Show funnel
        </button>
      </div>
    </form>
  );
}

function FunnelSteps({
  ids,
  period,
  filters,
}: {
  ids: number[];
  period: AnalyticsPeriodInput;
  filters: AnalyticsFilters;
}) {
  const { data, error, isLoading, mutate } = useFunnel(ids, { period, filters });
  if (error)
    return (
      <ErrorState message={`The funnel could not be shown. ${errorMessage(error)}`} onRetry={() => void mutate()} />
    );
  if (isLoading && !data)
    return (
      <div className="space-y-2">
        <Skeleton className="h-32" />
        <FirstLookNote loading />
      </div>
    );
  if (!data) return null;
  return (
    <div aria-busy={isLoading} className="space-y-3">
      <FirstLookNote loading={isLoading} />
      <ol className="space-y-3" aria-label="Funnel">
        {data.steps.map((s, i) => (
          <li key={i}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 text-sm">
              <span>
                <span className="font-medium text-stone-900">
                  {i + 1}. {s.name}
                </span>{' '}
                <span className="text-xs text-stone-600">{goalWhat(s)}</span>
              </span>
              <span className="tabular-nums text-stone-800">
                {formatCount(s.visitors)} {s.visitors === 1 ? 'visitor' : 'visitors'} · {formatRate(s.conversionRate)}
                {i > 0 && s.dropOff > 0 && (
                  <span className="text-red-800"> · {formatCount(s.dropOff)} dropped off</span>
                )}
              </span>
            </div>
            <div className="mt-1 h-3 rounded bg-stone-100" aria-hidden="true">
              <div className="h-3 rounded bg-lake-700" style={{ width: `${s.conversionRate}%` }} />
            </div>
          </li>
        ))}
      </ol>
      <p className="text-xs text-stone-600">
        Visitors who reached each step after the one before, in the same visit, of {formatCount(data.visitors)} visitors
        in this range.
      </p>
    </div>
  );
}

export function FunnelCard({ period, filters }: { period: AnalyticsPeriodInput; filters: AnalyticsFilters }) {
  const [params, setParams] = useSearchParams();
  const { data: goals, error } = useGoals();
  const shown = funnelOf(params);
  const show = (ids: number[]) => {
    const next = new URLSearchParams(params);
    next.set(FUNNEL_PARAM, ids.join(','));
    setParams(next);
  };
  return (
    <Card title="Funnel">
      {error && <p className="text-sm text-red-800">Goals could not be loaded.</p>}
      {!goals && !error && <Skeleton className="h-16" />}
      {goals && goals.length < FUNNEL_STEPS_MIN && (
        <p className="text-sm text-stone-600">Add at least two goals to build a funnel from them.</p>
      )}
      {goals && goals.length >= FUNNEL_STEPS_MIN && (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,20rem)_1fr]">
          <StepsPicker goals={goals} shown={shown} onShow={show} />
          {shown.length > 0 ? (
            <FunnelSteps ids={shown} period={period} filters={filters} />
          ) : (
            <p className="text-sm text-stone-600">Pick the steps in order, then Show funnel.</p>
          )}
        </div>
      )}
    </Card>
  );
}
