/** PATCH /api/marketing/lots/{number}: changes the given fields; answers the lot as stored. */
import type { Lot, LotPatch } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function updateLot(number: number, patch: LotPatch): Promise<Lot> {
  return apiRequest<Lot>('PATCH', `/api/marketing/lots/${number}`, patch);
}
