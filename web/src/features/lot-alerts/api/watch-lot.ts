/** POST /api/lots/{number}/watch: asks for alerts on a lot; the Idempotency-Key makes a retry harmless. */
import type { LotWatchAccepted, LotWatchForm } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function watchLot(lotNumber: number, form: LotWatchForm, idempotencyKey: string): Promise<LotWatchAccepted> {
  return apiRequest<LotWatchAccepted>('POST', `/api/lots/${lotNumber}/watch`, form, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
