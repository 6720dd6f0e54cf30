/**
 * Every stream, subject and durable consumer name of the platform, in one place.
 *
 * Events (JetStream, stored): `<stream prefix>.<noun>.<past-tense verb>`.
 * Requests (core NATS request/reply, not stored): `rpc.<service>.<noun>.<verb>`.
 */

export const STREAMS = {
  /** Page views and named events from the public site's pixels. */
  analytics: { name: 'ANALYTICS', subjects: ['analytics.>'] },
  /** Form submissions and CRM contact changes. */
  crm: { name: 'CRM', subjects: ['crm.>'] },
  /** Send requests, delivery and tracking events, inbound mail. */
  mail: { name: 'MAIL', subjects: ['mail.>'] },
} as const;

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
