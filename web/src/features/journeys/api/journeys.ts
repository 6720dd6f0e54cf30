/**
 * The journeys API (gateway `staff-api/journeys.ts`): the journeys with their per-step figures,
 * refreshed every 10 s while the screen is open (contacts move on by themselves), and pausing or
 * resuming one.
 */
import useSWR from 'swr';
import type { JourneyStatus, JourneyWithStats } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const JOURNEYS_KEY = '/api/marketing/journeys';

export const useJourneys = () => useSWR<JourneyWithStats[]>(JOURNEYS_KEY, { refreshInterval: 10_000 });

export const setJourneyStatus = (id: number, status: JourneyStatus) =>
  apiRequest<JourneyWithStats>('PUT', `${JOURNEYS_KEY}/${id}/status`, { status });
