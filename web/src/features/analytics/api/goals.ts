/**
 * Goals and funnels (`/api/marketing-dashboard/goals`, `…/goal-conversions`, `…/funnel`): the
 * goals staff added, adding, editing and removing one, each goal's conversions over the view's period
 * and filters, and a funnel of goals in order. Every goal key starts with GOALS_KEY_PREFIX, so
 * a change refetches them all.
 */
import useSWR from 'swr';
import type {
  AnalyticsFilters,
  AnalyticsPeriodInput,
  Funnel,
  Goal,
  GoalForm,
  GoalReport,
  GoalUpdate,
} from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';
import { analyticsQuery } from '../../../lib/use-web-analytics';

export const GOALS_KEY = '/api/marketing-dashboard/goals';
export const isGoalKey = (key: unknown) =>
  typeof key === 'string' &&
  (key.startsWith(GOALS_KEY) ||
    key.startsWith('/api/marketing-dashboard/goal-conversions') ||
    key.startsWith('/api/marketing-dashboard/funnel'));

type View = { period: AnalyticsPeriodInput; filters: AnalyticsFilters };
export const useGoals = () => useSWR<Goal[]>(GOALS_KEY);

export const useGoalReport = (view: View) =>
  useSWR<GoalReport>(`/api/marketing-dashboard/goal-conversions?${analyticsQuery(view)}`, { keepPreviousData: true });

/** The funnel of these goal ids, in order (nothing asked for fewer than two). */
export const useFunnel = (goalIds: readonly number[], view: View) =>
  useSWR<Funnel>(
    goalIds.length >= 2
      ? `/api/marketing-dashboard/funnel?${analyticsQuery(view, [['goals', goalIds.join(',')]])}`
      : null,
    { keepPreviousData: true },
  );

export const createGoal = (goal: GoalForm) => apiRequest<Goal>('POST', GOALS_KEY, goal);
export const updateGoal = (id: number, goal: GoalUpdate) => apiRequest<Goal>('PUT', `${GOALS_KEY}/${id}`, goal);
export const deleteGoal = (id: number) => apiRequest<void>('DELETE', `${GOALS_KEY}/${id}`);
