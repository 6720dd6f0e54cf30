/**
 * GET /api/marketing/lots: every lot with its price, who changed it last and its version. Read
 * again whenever the screen is shown: others change lots too, and an inline change is based on
 * the version listed.
 */
import useSWR from 'swr';
import type { Lot } from '@lp/contracts';
import { swrDefaults } from '../../../lib/swr-defaults';

export const STAFF_LOTS_KEY = '/api/marketing/lots';

export function useStaffLots() {
  const { data, error, isLoading, mutate } = useSWR<Lot[] | null>(STAFF_LOTS_KEY, {
    ...swrDefaults,
    revalidateOnMount: true,
  });
  return { lots: data ?? undefined, error: error as Error | undefined, isLoading, mutate };
}
