/**
 * analytics: owns page views, events, visits and their roll-ups (schema `analytics`). Its
 * declaration: the ANALYTICS stream, where the gateway publishes pixel batches, and the two
 * consumers that store them with their visits and daily roll-ups; the CRM stream's form
 * submissions, of which it keeps its own copy (id, session id, when) as the leads it attributes;
 * and the staff requests (web analytics, refresh, lead attribution, leads by source).
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { analyticsSettings } from './config.ts';
import { consumeEvents } from './consumers/consume-events.ts';
import { consumePageViews } from './consumers/consume-page-views.ts';
import { consumeSubmissions } from './consumers/consume-submissions.ts';
import { serveLotRequests } from './rpc/serve-lot-requests.ts';
import { serveAnalyticsRequests } from './rpc/serve-analytics-requests.ts';

export const analyticsService: ServiceDefinition = {
  name: 'analytics',
  schema: 'analytics',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  // CRM too: analytics keeps its own copy of the form submissions it attributes.
  streams: [STREAMS.analytics, STREAMS.crm],
  consumers: [consumePageViews, consumeEvents, consumeSubmissions],
  rpcs: [...serveAnalyticsRequests, ...serveLotRequests],
  settings: analyticsSettings,
};
