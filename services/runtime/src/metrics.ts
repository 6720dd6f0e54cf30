/**
 * What operators watch, in the Prometheus text format (`# HELP`/`# TYPE` lines, served at
 * `/metrics` on every process's HEALTH_PORT), on a prom-client Registry per process.
 *
 * `Counters` is a thin facade so code anywhere counts with one call shape,
 * `counters.inc(name, labels, by)`: a counter is registered on first use, with its help text
 * and label names from `KNOWN_COUNTERS` when it is listed there (listed ones are registered at
 * once, so every process shows them from its first scrape). A name not listed still works:
 * its label names are those of its first use. Latency histograms and the pending-messages
 * gauge have fixed names, the same in the one-process product and in distributed mode.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type MetricLabels = Record<string, string>;

type MetricInfo = { help: string; labels: readonly string[] };

/** Every counter the product increments, with what it means. */
export const KNOWN_COUNTERS: Record<string, MetricInfo> = {
  bus_messages_handled_total: { help: 'Bus messages a consumer handled and acknowledged', labels: ['durable'] },
  bus_messages_retried_total: {
    help: 'Bus messages whose handler failed transiently and that were asked again (nak)',
    labels: ['durable'],
  },
  bus_dead_letters_total: {
    help: 'Bus messages parked in the dead-letter store and terminated, by reason (not_json, invalid, permanent)',
    labels: ['durable', 'reason'],
  },
  bus_messages_skipped_total: {
    help: "Bus messages that can never succeed, terminated without parking by a durable reading another's subject (its owner parks them), by reason",
    labels: ['durable', 'reason'],
  },
  gateway_submissions_accepted_total: {
    help: 'Form submissions stored on the bus and answered 201',
    labels: ['source', 'duplicate'],
  },
  gateway_submissions_dropped_total: {
    help: 'Form submissions screened out as bots (answered like a success, not stored), by reason',
    labels: ['reason'],
  },
  gateway_submissions_failed_total: {
    help: 'Form submissions answered 503 because the bus could not store them, by error',
    labels: ['reason'],
  },
  gateway_logins_total: {
    help: 'Staff sign-in attempts by result (ok, failed, throttled, busy)',
    labels: ['result'],
  },
  gateway_rate_limited_total: {
    help: 'Requests refused with 429 by a rate limit (contact_form, contact_import, email_events, inbound_mail)',
    labels: ['limit'],
  },
  gateway_connections_refused_total: {
    help: 'Connections closed on arrival: past the cap of one client address (per_address, answered 503) or of the server (server_full)',
    labels: ['reason'],
  },
  auth_lockouts_total: {
    help: 'Sign-in lockouts started, by scope (a username from one address, or one address)',
    labels: ['scope'],
  },
  inventory_lot_changes_total: { help: 'Lot changes staff made, by the status after the change', labels: ['status'] },
  inventory_lot_events_failed_total: {
    help: 'Lot changes stored whose lot-changed event the bus did not take (caches catch up on their timer)',
    labels: [],
  },
  mailer_campaigns_stored_total: { help: 'Send requests stored as campaigns', labels: [] },
  mailer_messages_total: {
    help: 'Campaign messages by outcome (sent, retry for a 4xx reply, failed for a 5xx, outbox without SMTP, unknown after a crash)',
    labels: ['outcome'],
  },
  mailer_lead_messages_total: {
    help: 'Instant replies and staff alerts per form submission, by kind (reply, alert) and outcome (sent, off, suppressed, sent_before, failed, outbox, ...)',
    labels: ['kind', 'outcome'],
  },
  mailer_lot_watch_messages_total: {
    help: 'Lot watch mails by kind (confirm, alert) and outcome (sent, sent_before, skipped for a suppressed address or a confirmation moments ago, already_active, failed, outbox, unknown)',
    labels: ['kind', 'outcome'],
  },
  mailer_template_renders_total: {
    help: 'Block templates rendered again after a lot on one of their lot cards changed, by outcome (rendered, refused: a card names a lot the inventory no longer has)',
    labels: ['outcome'],
  },
  mailer_lot_watches_confirmed_total: { help: 'Lot watches a person turned on from the confirmation mail', labels: [] },
  mailer_lot_watches_stopped_total: { help: 'Lot watches stopped from an alert (its page or one-click)', labels: [] },
  gateway_lot_watches_requested_total: { help: 'Lot watch requests stored on the bus for the mailer', labels: [] },
  gateway_lot_watches_dropped_total: {
    help: 'Lot watch requests answered but not stored, by reason (honeypot)',
    labels: ['reason'],
  },
  mailer_journey_steps_total: { help: 'Journey steps run (each once per contact and journey entry)', labels: [] },
  mailer_journey_alerts_total: {
    help: 'Staff alerts of journey steps by outcome (sent, failed for a 5xx, outbox without SMTP, retry when the relay took nothing, unknown after a crash)',
    labels: ['outcome'],
  },
  mailer_journey_tag_changes_total: {
    help: 'Contacts a journey tag step was run for, by action (add, remove) and outcome (changed, unchanged, full: already at the most tags, missing)',
    labels: ['action', 'outcome'],
  },
  mailer_journey_entries_total: {
    help: 'Contacts a trigger let into a journey, by trigger and outcome (entered, duplicate, no_contact, not_mailable)',
    labels: ['trigger', 'outcome'],
  },
  mailer_tracking_events_total: {
    help: 'Opens, clicks, unsubscribes, bounces and complaints recorded, by kind',
    labels: ['kind'],
  },
  gateway_email_events_total: {
    help: 'Provider webhook events received, by provider and result (stored, refused)',
    labels: ['provider', 'result'],
  },
  gateway_blog_images_uploaded_total: { help: 'Blog cover images stored, by content type', labels: ['type'] },
  gateway_inbound_mail_total: {
    help: 'Inbound mail posts by provider and result (accepted, duplicate, unauthorized, busy, too_large, invalid, failed)',
    labels: ['provider', 'result'],
  },
  mailer_inbound_stored_total: {
    help: 'Inbound messages stored in the inbox (not duplicates), by source',
    labels: ['source'],
  },
  gateway_hits_accepted_total: { help: 'Pixel hits accepted into the write buffer', labels: ['kind'] },
  gateway_hits_dropped_total: {
    help: 'Pixel hits not stored, by reason (bot, invalid_query, rate_limited, buffer_full, publish_failed)',
    labels: ['reason'],
  },
  gateway_hit_batches_published_total: { help: 'Pixel hit batches stored on the bus', labels: ['kind'] },
  gateway_hit_batch_retries_total: {
    help: 'Failed publishes of a pixel hit batch (it stays in the backlog and is tried again)',
    labels: ['kind'],
  },
  gateway_contact_imports_total: {
    help: 'CSV contact imports finished, by result (ok, failed, too_large, invalid_file)',
    labels: ['result'],
  },
  gateway_import_rows_total: {
    help: 'CSV import rows read by the gateway, by outcome (sent to crm, or invalid and not imported)',
    labels: ['outcome'],
  },
  gateway_import_chunk_retries_total: {
    help: 'Import chunks sent again because crm did not answer (restart, timeout); crm applies each once',
    labels: [],
  },
  crm_import_rows_total: {
    help: 'Contact import rows applied by crm, by outcome (imported, updated)',
    labels: ['outcome'],
  },
  crm_submissions_stored_total: { help: 'Form submissions stored by crm (duplicates not counted)', labels: ['source'] },
  analytics_pageviews_stored_total: { help: 'Page views stored by analytics', labels: [] },
  analytics_events_stored_total: { help: 'Named events stored by analytics', labels: [] },
  analytics_pageviews_duplicates_total: {
    help: 'Page views of a redelivered or re-sent batch that were stored before (de-duplicated)',
    labels: [],
  },
  analytics_events_duplicates_total: {
    help: 'Named events of a redelivered or re-sent batch that were stored before (de-duplicated)',
    labels: [],
  },
  analytics_batch_groups_total: {
    help: 'Transactions that stored pixel batches, by kind (pageviews, events); handled messages ÷ this = batches per transaction',
    labels: ['kind'],
  },
};

/** Seconds: from 5 ms (a cached page) to 10 s (a request that waited out an RPC timeout). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const KNOWN_HISTOGRAMS = {
  http_request_duration_seconds: {
    help: 'HTTP request duration by method, matched route pattern and status class',
    labels: ['method', 'route', 'status_class'],
  },
  bus_handler_duration_seconds: {
    help: 'Time a consumer took with one message, by durable and outcome (ack, nak, term)',
    labels: ['durable', 'outcome'],
  },
} as const satisfies Record<string, MetricInfo>;

export type HistogramName = keyof typeof KNOWN_HISTOGRAMS;

/** One sample of a gauge that is read when Prometheus scrapes. */
export type GaugeSample = { labels: MetricLabels; value: number };

const PENDING_GAUGE = 'bus_pending_messages';

export class Counters {
  readonly registry = new Registry();
  private readonly counters = new Map<string, { metric: Counter<string>; labels: ReadonlySet<string> }>();
  private readonly histograms = new Map<string, Histogram<string>>();
  private readonly values = new Map<string, number>();
  private pendingSources: (() => Promise<GaugeSample[]>)[] = [];

  /** `processMetrics`: also the process's CPU, memory, event loop lag and GC (one per process). */
  constructor(opts: { processMetrics?: boolean } = {}) {
    if (opts.processMetrics) collectDefaultMetrics({ register: this.registry });
    for (const name of Object.keys(KNOWN_COUNTERS)) this.counter(name, []);
    for (const [name, info] of Object.entries(KNOWN_HISTOGRAMS))
      this.histograms.set(
        name,
        new Histogram({
          name,
          help: info.help,
          labelNames: info.labels,
          buckets: LATENCY_BUCKETS,
          registers: [this.registry],
        }),
      );
    const sources = () => this.pendingSources;
    new Gauge({
      name: PENDING_GAUGE,
      help: 'Messages of a durable consumer not yet acknowledged (waiting plus delivered), read at scrape time',
      labelNames: ['durable'],
      registers: [this.registry],
      async collect() {
        this.reset();
        const all = await Promise.all(sources().map((read) => read()));
        for (const s of all.flat()) this.set(s.labels, s.value);
      },
    });
  }

  inc(name: string, labels: MetricLabels = {}, by = 1): void {
    const c = this.counter(name, Object.keys(labels));
    const kept = keep(labels, c.labels);
    c.metric.inc(kept, by);
    const key = `${name}${formatLabels(kept)}`;
    this.values.set(key, (this.values.get(key) ?? 0) + by);
  }

  /**
   * One series of a counter with its labels resolved once, for paths that count every request
   * (the pixel hits): `inc` then costs no label handling.
   */
  series(name: string, labels: MetricLabels = {}): { inc(by?: number): void } {
    const c = this.counter(name, Object.keys(labels));
    const kept = keep(labels, c.labels);
    const child = c.metric.labels(kept);
    const key = `${name}${formatLabels(kept)}`;
    return {
      inc: (by = 1) => {
        child.inc(by);
        this.values.set(key, (this.values.get(key) ?? 0) + by);
      },
    };
  }

  /** One series of a latency histogram with its labels resolved once (see `series`). */
  latency(name: HistogramName, labels: MetricLabels): { observe(seconds: number): void } {
    const child = this.histograms.get(name)?.labels(labels);
    return { observe: (seconds) => child?.observe(seconds) };
  }

  /** The current value of a counter series (tests and diagnostics). */
  get(name: string, labels: MetricLabels = {}): number {
    return this.values.get(`${name}${formatLabels(labels)}`) ?? 0;
  }

  /** Records one duration, in seconds, on a latency histogram. */
  observe(name: HistogramName, labels: MetricLabels, seconds: number): void {
    this.histograms.get(name)?.observe(labels, seconds);
  }

  /**
   * Adds a reader of pending messages per durable, called on every scrape (the bus knows the
   * numbers; nothing polls between scrapes). A reader that fails leaves its samples out.
   */
  readPendingFrom(read: () => Promise<GaugeSample[]>): void {
    this.pendingSources.push(() => read().catch(() => []));
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text exposition of every metric of this process. */
  toPrometheus(): Promise<string> {
    return this.registry.metrics();
  }

  private counter(name: string, firstLabels: readonly string[]) {
    let c = this.counters.get(name);
    if (!c) {
      const info = KNOWN_COUNTERS[name] ?? {
        help: `${name.replace(/_/g, ' ')} (not yet described)`,
        labels: firstLabels,
      };
      c = {
        metric: new Counter({ name, help: info.help, labelNames: info.labels, registers: [this.registry] }),
        labels: new Set(info.labels),
      };
      this.counters.set(name, c);
    }
    return c;
  }
}

/** Only the label names a metric was registered with (prom-client refuses others). */
function keep(labels: MetricLabels, names: ReadonlySet<string>): MetricLabels {
  const out: MetricLabels = {};
  for (const [k, val] of Object.entries(labels)) if (names.has(k)) out[k] = val;
  return out;
}

function formatLabels(labels: MetricLabels): string {
  const entries = Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${v}"`).join(',')}}`;
}
