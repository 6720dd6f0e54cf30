/**
 * POST /api/marketing/contacts/bulk: an action on chosen contacts or on every contact matching
 * the screen's search and status, named by `progressId` for GET /contacts/operations/{id}.
 */
import type { ContactsBulk, ContactsBulkResult, OperationProgress } from '@lp/contracts';
import { apiGetOrNull, apiRequest } from '../../../lib/api-request';

export const applyContactsBulk = (bulk: ContactsBulk, progressId: string) =>
  apiRequest<ContactsBulkResult>('POST', '/api/marketing/contacts/bulk', bulk, {
    headers: { 'X-Progress-Id': progressId },
  });

/** How far the operation named `progressId` has got; null before the server started it. */
export const getOperationProgress = (progressId: string) =>
  apiGetOrNull<OperationProgress>(`/api/marketing/contacts/operations/${progressId}`);
