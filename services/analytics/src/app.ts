/**
 * analytics: owns page views, events, visits and their roll-ups (schema `analytics`). Its
 * declaration: the ANALYTICS stream, where the gateway publishes pixel batches, and the two
 * consumers that store them. Roll-ups and dashboard queries come later.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { consumeEvents } from './consumers/consume-events.ts';
import { consumePageViews } from './consumers/consume-page-views.ts';
import { serveLotRequests } from './rpc/serve-lot-requests.ts';

export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  schema: 'analytics',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [STREAMS.analytics],
  consumers: [consumePageViews, consumeEvents],
  rpcs: [...serveLotRequests],
};
