/** POST /api/marketing/convert-submission/{id} {listId?}: the submission's person becomes a contact (once). */
import type { ConvertSubmissionResult } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const convertSubmission = (id: number, listId: number | null) =>
  apiRequest<ConvertSubmissionResult>('POST', `/api/marketing/convert-submission/${id}`, listId ? { listId } : {});
