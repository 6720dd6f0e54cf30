/**
 * mailer: owns templates, campaigns, deliveries and tracking (schema `mailer`). Its declaration:
 * the MAIL stream, the consumers of send requests and provider events, the requests it answers
 * (templates, campaigns, analytics, tracking links) and the send worker every replica runs.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { consumeSendRequests } from './campaigns/consume-send-requests.ts';
import { serveMailerRequests } from './rpc/serve-mailer-requests.ts';
import { sendWorker } from './sending/send-worker.ts';
import { consumeProviderEvents } from './tracking/consume-provider-events.ts';

export const mailerService: ServiceDefinition = {
  name: 'mailer',
  schema: 'mailer',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.mail],
  consumers: [consumeSendRequests, consumeProviderEvents],
  rpcs: serveMailerRequests,
  workers: [sendWorker],
};
