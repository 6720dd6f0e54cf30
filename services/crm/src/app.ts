/**
 * crm: owns form submissions, contacts, lists and memberships (schema `crm`). Side-effect
 * free: `start(deps)` wires its consumers and request handlers onto the given bus and database.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition, ServiceDeps } from '@lp/runtime';
import { consumeSubmissions } from './consumers/consume-submissions.ts';
import { serveCrmRequests } from './rpc/serve-crm-requests.ts';

export async function start(deps: ServiceDeps) {
  const serving = await serveCrmRequests(deps);
  const consumers = [await consumeSubmissions(deps)];
  return {
    stop: async () => {
      await Promise.all(serving.map((s) => s.stop()));
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}

export const crmService: ServiceDefinition = {
  name: 'crm',
  schema: 'crm',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  start,
};
