/**
 * mailer: owns templates, campaigns, deliveries, tracking and the inbox (schema `mailer`).
 * Side-effect free: `start(deps)` wires its request handlers onto the given bus and database.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition, ServiceDeps } from '@lp/runtime';
import { serveMailerRequests } from './rpc/serve-mailer-requests.ts';

export async function start(deps: ServiceDeps) {
  const serving = await serveMailerRequests(deps);
  return {
    stop: async () => {
      await Promise.all(serving.map((s) => s.stop()));
    },
  };
}

export const mailerService: ServiceDefinition = {
  name: 'mailer',
  schema: 'mailer',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  start,
};
