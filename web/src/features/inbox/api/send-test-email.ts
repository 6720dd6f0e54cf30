/** POST /api/marketing/test-webhook-email: a client-style message sent down the inbound path. */
import type { TestWebhookEmail } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export const sendTestEmail = (values: TestWebhookEmail) =>
  apiRequest<{ messageId: string; format: string }>('POST', '/api/marketing/test-webhook-email', values);
