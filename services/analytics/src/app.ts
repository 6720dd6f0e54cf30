/**
 * analytics: owns page views, events, visits and their roll-ups (schema `analytics`).
 * Side-effect free: `start(deps)` wires its consumers and request handlers. For now it stores
 * the pixel batches the gateway publishes; roll-ups and dashboard queries come later.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition, ServiceDeps } from '@lp/runtime';
import { consumeEvents } from './consumers/consume-events.ts';
import { consumePageViews } from './consumers/consume-page-views.ts';

export async function start(deps: ServiceDeps) {
  const consumers = [await consumePageViews(deps), await consumeEvents(deps)];
  return {
    stop: async () => {
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}

export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  schema: 'analytics',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  start,
};
