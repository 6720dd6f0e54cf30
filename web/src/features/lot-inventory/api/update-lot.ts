/**
 * PATCH /api/marketing/lots/{number}: changes the given fields of the version `patch.version`;
 * answers the lot as stored (409 when the lot was changed since that version).
 */
import type { Lot, LotPatch } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function updateLot(number: number, patch: LotPatch): Promise<Lot> {
  return apiRequest<Lot>('PATCH', `/api/marketing/lots/${number}`, patch);
}
