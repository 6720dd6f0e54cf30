/**
 * Every stream, subject and durable consumer name of the platform, in one place.
 *
 * Events (JetStream, stored): `<stream prefix>.<noun>.<past-tense verb>`. Requests (core NATS
 * request/reply, not stored) are declared with their schemas in `rpc.ts`.
 */

export const STREAMS = {
  /** Page views and named events from the public site's pixels. */
  analytics: { name: 'ANALYTICS', subjects: ['analytics.>'] },
  /** Leads and contact changes. */
  crm: { name: 'CRM', subjects: ['crm.>'] },
} as const satisfies Record<string, StreamSpec>;

/** A JetStream stream: its name and the subjects it stores. */
export type StreamSpec = { name: string; subjects: readonly string[] };

export type StreamKey = keyof typeof STREAMS;

export const SUBJECTS = {
  submissionReceived: 'crm.submission.received',
  pageviewsRecorded: 'analytics.pageviews.recorded',
  eventsRecorded: 'analytics.events.recorded',
} as const;

/** Durable consumer names: replicas of a service share one, so JetStream spreads the work. */
export const DURABLES = {
  crmSubmissions: { stream: STREAMS.crm.name, name: 'crm-submissions', filterSubject: SUBJECTS.submissionReceived },
  analyticsPageviews: {
    stream: STREAMS.analytics.name,
    name: 'analytics-pageviews',
    filterSubject: SUBJECTS.pageviewsRecorded,
  },
  analyticsEvents: { stream: STREAMS.analytics.name, name: 'analytics-events', filterSubject: SUBJECTS.eventsRecorded },
} as const satisfies Record<string, DurableSpec>;

export type DurableSpec = { stream: string; name: string; filterSubject: string };

/**
 * What a process asks the bus to create or update at start-up: the streams it publishes to or
 * consumes from and the durables it consumes, as the services' declarations name them.
 */
export type BusTopology = { streams: readonly StreamSpec[]; durables: readonly DurableSpec[] };

/** Queue group shared by every replica of a service for its request subjects. */
export const queueGroupOf = (service: string): string => `svc-${service}`;
