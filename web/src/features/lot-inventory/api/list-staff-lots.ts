/** GET /api/marketing/lots: every lot with its price and who changed it last. */
import useSWR from 'swr';
import type { Lot } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const STAFF_LOTS_KEY = '/api/marketing/lots';

export function useStaffLots() {
  const { data, error, isLoading, mutate } = useSWR<Lot[] | null>(STAFF_LOTS_KEY, swrDefaults);
  return { lots: data ?? undefined, error: error as Error | undefined, isLoading, mutate };
}
