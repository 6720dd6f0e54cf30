/**
 * The journeys API (gateway `staff-api/journeys.ts`): the journeys with their per-step figures,
 * refreshed every 10 s while the screen is open (contacts move on by themselves); create, edit
 * (PUT with the version the edit opened: 409 when it changed since), delete, pause or resume,
 * and let a list's contacts enter (202: they arrive a page at a time).
 */
import useSWR from 'swr';
import type { JourneyForm, JourneyStatus, JourneyWithStats } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const JOURNEYS_KEY = '/api/marketing/journeys';

export const journeyUrl = (id: number) => `${JOURNEYS_KEY}/${id}`;

export const useJourneys = () => useSWR<JourneyWithStats[]>(JOURNEYS_KEY, { refreshInterval: 10_000 });

export const setJourneyStatus = (id: number, status: JourneyStatus) =>
  apiRequest<JourneyWithStats>('PUT', `${journeyUrl(id)}/status`, { status });

export const createJourney = (form: JourneyForm) => apiRequest<JourneyWithStats>('POST', JOURNEYS_KEY, form);

export const updateJourney = (id: number, form: JourneyForm & { version: number }) =>
  apiRequest<JourneyWithStats>('PUT', journeyUrl(id), form);

export const deleteJourney = (id: number) => apiRequest<null>('DELETE', journeyUrl(id));

export const enterJourney = (id: number, listId: number) =>
  apiRequest<{ accepted: true }>('POST', `${journeyUrl(id)}/entries`, { listId });
