/** POST /api/contact: stores one form submission; the Idempotency-Key makes a retry of it harmless. */
import type { SubmissionAccepted, SubmissionRequest } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

type SendSubmissionResponse = SubmissionAccepted | null;

export function sendSubmission(payload: SubmissionRequest, idempotencyKey: string): Promise<SendSubmissionResponse> {
  return apiRequest<SendSubmissionResponse>('POST', '/api/contact', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
