/**
 * crm: owns form submissions, contacts, lists and memberships (schema `crm`). Its declaration:
 * the CRM stream, the consumer that stores each submission, and the requests it answers; from the
 * MAIL stream, contact status changes (unsubscribes, bounces) and the mailer's audience requests.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { consumeContactStatus } from './consumers/consume-contact-status.ts';
import { consumeSubmissions } from './consumers/consume-submissions.ts';
import { serveAudienceRequests } from './rpc/serve-audience-requests.ts';
import { serveCrmRequests } from './rpc/serve-crm-requests.ts';
import { serveInboxContactRequests } from './rpc/serve-inbox-contact-requests.ts';
import { serveJourneyRequests } from './rpc/serve-journey-requests.ts';
import { serveSegmentRequests } from './rpc/serve-segment-requests.ts';

export const crmService: ServiceDefinition = {
  name: 'crm',
  schema: 'crm',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.crm, STREAMS.mail],
  consumers: [consumeSubmissions, consumeContactStatus],
  rpcs: [
    ...serveCrmRequests,
    ...serveSegmentRequests,
    ...serveInboxContactRequests,
    ...serveAudienceRequests,
    ...serveJourneyRequests,
  ],
};
