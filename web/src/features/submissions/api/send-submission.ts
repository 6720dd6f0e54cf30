/** POST /api/contact: stores one lead; the Idempotency-Key makes a retry of it harmless. */
import type { LeadAccepted, LeadSubmissionRequest } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export type SubmitLeadResponse = LeadAccepted | null;

export function submitLead(payload: LeadSubmissionRequest, idempotencyKey: string): Promise<SubmitLeadResponse> {
  return apiRequest<SubmitLeadResponse>('POST', '/api/contact', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
