/**
 * mailer: owns templates, campaigns, deliveries, tracking and the inbox (schema `mailer`). Its
 * declaration: the requests it answers. Its streams and consumers (send requests, delivery
 * events) are declared when the sending feature lands.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@lp/runtime';
import { serveMailerRequests } from './rpc/serve-mailer-requests.ts';

export const mailerService: ServiceDefinition = {
  name: 'mailer',
  schema: 'mailer',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [],
  consumers: [],
  rpcs: serveMailerRequests,
};
