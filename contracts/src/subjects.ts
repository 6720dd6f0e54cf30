/**
 * Every stream, subject and durable consumer name of the platform, in one place.
 *
 * Events (JetStream, stored): `<stream prefix>.<noun>.<past-tense verb>`.
 * Requests (core NATS request/reply, not stored): `rpc.<service>.<noun>.<verb>`.
 */

const DAY_MS = 86_400_000;
const MiB = 1024 * 1024;

/**
 * How long a stream keeps its messages. Both bus adapters discard a stream's oldest messages
 * once any limit is passed (JetStream's `Limits` retention, `discard: old`), whoever has or has
 * not read them: a durable created later replays what is still retained. A message is never
 * deleted because every consumer has passed it.
 */
export type RetentionLimits = {
  /** Oldest message kept, in milliseconds. */
  maxAgeMs: number;
  /** Total size of the stream's messages (payload, subject and headers), in bytes. */
  maxBytes: number;
  /** Number of messages. */
  maxMsgs: number;
  /** A re-publish with the same message id within this window is a duplicate (≤ maxAgeMs). */
  duplicateWindowMs: number;
};

export type StreamSpec = {
  readonly name: string;
  readonly subjects: readonly string[];
  readonly limits: RetentionLimits;
};

export const STREAMS = {
  /** Page views and named events from the public site's pixels: high volume, kept a week. */
  analytics: {
    name: 'ANALYTICS',
    subjects: ['analytics.>'],
    limits: { maxAgeMs: 7 * DAY_MS, maxBytes: 256 * MiB, maxMsgs: 100_000, duplicateWindowMs: 10 * 60_000 },
  },
  /** Form submissions and contact changes: low volume, kept for replay a quarter. */
  crm: {
    name: 'CRM',
    subjects: ['crm.>'],
    limits: { maxAgeMs: 90 * DAY_MS, maxBytes: 64 * MiB, maxMsgs: 100_000, duplicateWindowMs: 10 * 60_000 },
  },
  /** Send requests, delivery and tracking events, inbound mail. */
  mail: {
    name: 'MAIL',
    subjects: ['mail.>'],
    limits: { maxAgeMs: 30 * DAY_MS, maxBytes: 128 * MiB, maxMsgs: 100_000, duplicateWindowMs: 10 * 60_000 },
  },
} as const satisfies Record<string, StreamSpec>;

/** NATS's default `max_payload` (1 MiB): the largest message either bus adapter accepts. */
export const BUS_MAX_PAYLOAD_BYTES = MiB;

export type StreamKey = keyof typeof STREAMS;

export const SUBJECTS = {
  submissionReceived: 'crm.submission.received',
  pageviewsRecorded: 'analytics.pageviews.recorded',
  eventsRecorded: 'analytics.events.recorded',
  sendRequested: 'mail.send.requested',
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
  mailerSends: { stream: STREAMS.mail.name, name: 'mailer-sends', filterSubject: SUBJECTS.sendRequested },
} as const;

export type DurableSpec = { stream: string; name: string; filterSubject: string };

export const RPC = {
  crm: {
    submissionsList: 'rpc.crm.submissions.list',
    stats: 'rpc.crm.stats.get',
  },
  mailer: {
    stats: 'rpc.mailer.stats.get',
  },
  analytics: {
    summary: 'rpc.analytics.summary.get',
  },
  content: {
    /** Public: published articles, newest first, with the list's last change. */
    articlesList: 'rpc.content.articles.list',
    /** Public: one published article by slug (404 when missing or not published). */
    articleGet: 'rpc.content.articles.get',
    /** Staff: every article, any status. */
    staffArticlesList: 'rpc.content.staff-articles.list',
    staffArticleGet: 'rpc.content.staff-articles.get',
    articleCreate: 'rpc.content.articles.create',
    articleUpdate: 'rpc.content.articles.update',
    articlePublish: 'rpc.content.articles.publish',
    articleUnpublish: 'rpc.content.articles.unpublish',
    articleDelete: 'rpc.content.articles.delete',
    /** Cover images travel in parts (NATS max_payload): put each part, then complete. */
    imagePartPut: 'rpc.content.image-parts.put',
    imageUploadComplete: 'rpc.content.images.create',
    /** One slice of a stored image, for `GET /media/<sha256>.<ext>`. */
    imageRead: 'rpc.content.images.read',
  },
} as const;

/** Queue group shared by every replica of a service for its request subjects. */
export const queueGroupOf = (service: string): string => `svc-${service}`;
