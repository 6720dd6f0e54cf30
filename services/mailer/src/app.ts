/**
 * mailer: owns templates, campaigns, deliveries, tracking and the inbox (schema `mailer`). Its
 * declaration: the MAIL stream, the consumer that stores inbound mail (parts joined, HTML
 * sanitised, once per Message-ID) and the requests it answers (stats, the inbox).
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { consumeInboundMail } from './consumers/consume-inbound-mail.ts';
import { serveInboxRequests } from './rpc/serve-inbox-requests.ts';
import { serveMailerRequests } from './rpc/serve-mailer-requests.ts';

export const mailerService: ServiceDefinition = {
  name: 'mailer',
  schema: 'mailer',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.mail],
  consumers: [consumeInboundMail],
  rpcs: [...serveMailerRequests, ...serveInboxRequests],
};
