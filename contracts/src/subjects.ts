/**
 * Every stream, subject and durable consumer name of the platform, in one place.
 *
 * Events (JetStream, stored): `<stream prefix>.<noun>.<past-tense verb>`. Requests (core NATS
 * request/reply, not stored) are declared with their schemas in `rpc.ts`.
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
  /**
   * Page views and named events from the public site's pixels: high volume, kept a week. Sized
   * for a backlog while analytics is away: a page view is about 300 bytes here, so 1 GiB holds
   * about 3.5 million (ten hours at 100 a second) before the oldest unread are discarded; a
   * quiet site publishes a batch per hit, hence a million messages.
   */
  analytics: {
    name: 'ANALYTICS',
    subjects: ['analytics.>'],
    limits: { maxAgeMs: 7 * DAY_MS, maxBytes: 1024 * MiB, maxMsgs: 1_000_000, duplicateWindowMs: 10 * 60_000 },
  },
  /** Form submissions and contact changes: low volume, kept for replay a quarter. */
  crm: {
    name: 'CRM',
    subjects: ['crm.>'],
    limits: { maxAgeMs: 90 * DAY_MS, maxBytes: 64 * MiB, maxMsgs: 100_000, duplicateWindowMs: 10 * 60_000 },
  },
  /** Lot changes staff make (status, price, tags, size, description): low volume, kept a quarter. */
  inventory: {
    name: 'INVENTORY',
    subjects: ['inventory.>'],
    limits: { maxAgeMs: 90 * DAY_MS, maxBytes: 64 * MiB, maxMsgs: 100_000, duplicateWindowMs: 10 * 60_000 },
  },
  /**
   * Mail for the mailer: send requests, contact status changes it learns, provider event batches
   * and the opens and clicks of its messages (inbound mail is not here: the gateway hands each
   * post to the mailer over request/reply, `rpc.mailer.inbound.receive`). A send request must
   * outlive the longest schedule staff may set, so kept a year. 256 MiB is what it had when it
   * carried inbound mail too; lowering a live stream's limit would drop the oldest it holds.
   */
  mail: {
    name: 'MAIL',
    subjects: ['mail.>'],
    limits: { maxAgeMs: 365 * DAY_MS, maxBytes: 256 * MiB, maxMsgs: 200_000, duplicateWindowMs: 10 * 60_000 },
  },
} as const satisfies Record<string, StreamSpec>;

/** NATS's default `max_payload` (1 MiB): the largest message either bus adapter accepts. */
export const BUS_MAX_PAYLOAD_BYTES = MiB;

export type StreamKey = keyof typeof STREAMS;

/**
 * Where payloads over `max_payload` travel (an image upload, an inbound message with its
 * attachments, a stored attachment read back): stored whole under a key by one process, read by
 * another, then deleted by the reader. A hand-over, not storage: the owner copies what it keeps
 * into its own tables, and whatever is left is dropped after a day. JetStream Object Store
 * bucket when distributed (`OBJ_<bucket>` stream, `chunkBytes` chunks), a table when embedded.
 */
export const LARGE_PAYLOADS = {
  bucket: 'LARGE_PAYLOADS',
  maxAgeMs: DAY_MS,
  /**
   * Room for many of the largest hand-overs waiting at once (each leaves when taken); a put that
   * would pass it is refused. JetStream reserves it on the server's store for the bucket.
   */
  maxBytes: 1024 * MiB,
  /** The largest single payload (an inbound message with 25 MiB of attachments, base64 and all). */
  maxPayloadBytes: 64 * MiB,
  /**
   * The Object Store's chunks: each is one publish waiting for its ack, so half of `max_payload`
   * rather than the library's 128 KiB takes a quarter of the round trips (a 5 MB image: 10).
   */
  chunkBytes: MiB / 2,
} as const;

export const SUBJECTS = {
  submissionReceived: 'crm.submission.received',
  pageviewsRecorded: 'analytics.pageviews.recorded',
  eventsRecorded: 'analytics.events.recorded',
  lotChanged: 'inventory.lot.changed',
  sendRequested: 'mail.send.requested',
  contactStatusChanged: 'mail.contact-status.changed',
  providerEventsReceived: 'mail.provider-events.received',
  /** Opens, clicks (and unsubscribes while the mailer is away) answered by the gateway, recorded by the mailer. */
  trackingHitsRecorded: 'mail.tracking-hits.recorded',
  /** A visitor asked to be told when a lot changes (the mailer sends the confirmation mail). */
  lotWatchRequested: 'mail.lot-watch.requested',
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
  /**
   * analytics' own copy of each form submission (id, session id, when): the leads it attributes.
   * Created after submissions were already stored, it replays what the CRM stream still retains
   * (both adapters start a new durable at the oldest retained message: DeliverPolicy.All).
   */
  analyticsSubmissions: {
    stream: STREAMS.crm.name,
    name: 'analytics-submissions',
    filterSubject: SUBJECTS.submissionReceived,
  },
  mailerSends: { stream: STREAMS.mail.name, name: 'mailer-sends', filterSubject: SUBJECTS.sendRequested },
  mailerProviderEvents: {
    stream: STREAMS.mail.name,
    name: 'mailer-provider-events',
    filterSubject: SUBJECTS.providerEventsReceived,
  },
  mailerTrackingHits: {
    stream: STREAMS.mail.name,
    name: 'mailer-tracking-hits',
    filterSubject: SUBJECTS.trackingHitsRecorded,
  },
  crmContactStatus: {
    stream: STREAMS.mail.name,
    name: 'crm-contact-status',
    filterSubject: SUBJECTS.contactStatusChanged,
  },
  /**
   * The mailer's instant reply and staff alert per form submission. A new durable replays what the
   * CRM stream retains: submissions from before the lead-reply settings existed are passed over.
   */
  mailerLeadReplies: {
    stream: STREAMS.crm.name,
    name: 'mailer-lead-replies',
    filterSubject: SUBJECTS.submissionReceived,
  },
  /** Journeys started by a form submission: each submission enters the journeys of its interest once. */
  mailerJourneySubmissions: {
    stream: STREAMS.crm.name,
    name: 'mailer-journey-submissions',
    filterSubject: SUBJECTS.submissionReceived,
  },
  /** The mailer's confirmation mail per lot watch request. */
  mailerLotWatchRequests: {
    stream: STREAMS.mail.name,
    name: 'mailer-lot-watch-requests',
    filterSubject: SUBJECTS.lotWatchRequested,
  },
  /**
   * The mailer's alerts to a lot's confirmed watchers. A new durable replays what INVENTORY
   * retains: a change from before a watch was confirmed is never sent to it.
   */
  mailerLotAlerts: {
    stream: STREAMS.inventory.name,
    name: 'mailer-lot-alerts',
    filterSubject: SUBJECTS.lotChanged,
  },
  /**
   * Journeys started by a lot change: the contacts interested in the lot enter once per change.
   * A new durable replays what INVENTORY retains: changes from before a journey's trigger was set are passed over.
   */
  mailerJourneyLotChanges: {
    stream: STREAMS.inventory.name,
    name: 'mailer-journey-lot-changes',
    filterSubject: SUBJECTS.lotChanged,
  },
  /**
   * Block templates showing a changed lot on a lot card are rendered again with its figures as
   * they are now (and journey steps sending them take the new copy).
   */
  mailerTemplateLots: {
    stream: STREAMS.inventory.name,
    name: 'mailer-template-lots',
    filterSubject: SUBJECTS.lotChanged,
  },
} as const satisfies Record<string, DurableSpec>;

export type DurableSpec = { stream: string; name: string; filterSubject: string };

/**
 * What a process asks the bus to create or update at start-up: the streams it publishes to or
 * consumes from and the durables it consumes, as the services' declarations name them.
 */
export type BusTopology = { streams: readonly StreamSpec[]; durables: readonly DurableSpec[] };

/** Queue group shared by every replica of a service for its request subjects. */
export const queueGroupOf = (service: string): string => `svc-${service}`;
