/**
 * crm: owns form submissions, contacts, lists and memberships (schema `crm`). Its declaration:
 * the CRM stream, the consumer that stores each submission, and the requests it answers.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { consumeSubmissions } from './consumers/consume-submissions.ts';
import { serveCrmRequests } from './rpc/serve-crm-requests.ts';
import { serveInboxContactRequests } from './rpc/serve-inbox-contact-requests.ts';

export const crmService: ServiceDefinition = {
  name: 'crm',
  schema: 'crm',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.crm],
  consumers: [consumeSubmissions],
  rpcs: [...serveCrmRequests, ...serveInboxContactRequests],
};
