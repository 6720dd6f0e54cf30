/**
 * The send loop of a mailer process (every replica runs one): start scheduled campaigns that
 * are due, resolve new audiences into delivery rows, turn dead senders' claims into `unknown`,
 * and send. Sending is a pipeline: deliveries are claimed in batches (SKIP LOCKED: replicas
 * never share a row) into a local queue; at most MAIL_SMTP_PIPELINE messages per pooled
 * connection are `sending` at a time (one in its SMTP transaction, the next ones queued behind
 * it, so a connection never waits for the database), so a crash leaves at most that many of
 * unknown fate; each message is marked `sending` right before it is handed to SMTP and `sent`
 * once the server accepted it. Marks are written by one statement per flush
 * (`markSentAndSending`: the accepted ones and the next ones together), one flush at a time and
 * at most every 5 ms, so the database sees one statement for many messages instead
 * of two per message, and the connections never wait for a batch boundary. A campaign paused meanwhile stops between
 * messages (its claimed rows go back to pending at their turn) and resume continues from there.
 * A relay that is not there for anyone (refused connection, timeout, 421) spends no recipient's
 * attempt: the campaigns being sent pause with the reason, nothing new is handed to SMTP, and the
 * relay is asked (verify) after 1 s, then twice as long each time up to MAIL_RELAY_PROBE_MAX_MS;
 * when it answers, the campaigns it paused resume by themselves (any replica's probe does it).
 * Its housekeeping also picks the winners of A/B tests whose time has come (ab-tests/), and looks, once a minute (at once after the settings change here), whether the
 * weekly report is due, and sends it beside the sending (weekly-report/send-weekly-report.ts).
 */
import { randomUUID } from 'node:crypto';
import type { ServiceDeps, WorkerDefinition } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { composeRawMessage } from './compose-raw-message.ts';
import { claimDeliveries, type ClaimedDelivery } from './claim-deliveries.ts';
import { loadCampaignMessage } from './load-campaign-message.ts';
import {
  completeFinishedCampaigns,
  markDeliveries,
  pauseForRelay,
  resumeAfterRelay,
  settleCampaigns,
  updateRelayReason,
  waitingForRelay,
  type Outcome,
} from './mark-deliveries.ts';
import { markSentAndSending } from './mark-sent-and-sending.ts';
import { compileMessage, type MessageRenderer } from './render-message.ts';
import { resolveNextAudience } from './resolve-audiences.ts';
import { classifySmtpError, createSmtpTransport, relayPausedReason } from './smtp-transport.ts';
import { startDueCampaigns } from './start-due-campaigns.ts';
import { decideDueAbTests } from '../ab-tests/decide-ab-winners.ts';
import { beat, releaseClaims, sweepDeadClaims } from './sweep-dead-claims.ts';
import { idle, wakeSenders } from './wake-senders.ts';
import { logMailPublicUrl } from './log-mail-public-url.ts';
import {
  WEEKLY_REPORT_CHECK_MS,
  sendDueWeeklyReport,
  takeWeeklyReportAsk,
} from '../weekly-report/send-weekly-report.ts';

/** Why a message is `unknown`: the relay may have taken it before its connection ended. */
const UNCONFIRMED = 'the mail relay’s connection ended before it confirmed this message; not resent';

/** An idle sender polls this often (new work in this process wakes it at once). */
const IDLE_MS = 1000;
/** How often due campaigns, new audiences, dead senders and campaign counts are looked at while sending. */
const HOUSEKEEPING_MS = 1000;
/** Marks are written at most this often: each flush carries the marks of several messages. */
const FLUSH_EVERY_MS = 5;
/**
 * How long a stopping sender waits for its messages in flight and their marks: within the
 * process's 10 s shutdown. One still in its SMTP transaction then becomes `unknown`, as after a crash.
 */
const DRAIN_MS = 5_000;
const MAX_ATTEMPTS = 8;
/** The first wait before asking an absent relay again (it doubles up to MAIL_RELAY_PROBE_MAX_MS). */
const FIRST_PROBE_MS = 1000;
const retryDelayMs = (attempts: number, firstMs: number) => Math.min(15 * 60_000, firstMs * 2 ** (attempts - 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const sendWorker: WorkerDefinition = {
  name: 'send',
  start: async (deps) => {
    logMailPublicUrl(deps.log, { ...deps.config, ...mailerSettings.of(deps) });
    const loop = new SendLoop(deps);
    await beat(deps.knex, loop.id);
    void loop.run();
    return { stop: () => loop.stop() };
  },
};

/** How long a sender keeps a campaign's compiled message before reading it again. */
const RENDERER_TTL_MS = 30_000;

class SendLoop {
  readonly id = randomUUID();
  private stopped = false;
  private done: Promise<void> | undefined;
  private readonly transport;
  /**
   * By campaign and A/B group (`12`, `12:b`), each read again after RENDERER_TTL_MS: a journey's
   * send step follows its template as staff edit it (the mail of the step changes under the same
   * campaign), and a long-lived sender keeps only the campaigns it sends now.
   */
  private readonly renderers = new Map<string, { at: number; renderer: Promise<MessageRenderer> }>();
  private readonly heart: NodeJS.Timeout;
  private readonly batchSize: number;
  /** Most messages `sending` at once (marked or about to be, not yet settled): the unknown-fate bound of a crash. */
  private readonly window: number;
  /** Claimed here, not yet handed on. */
  private queue: ClaimedDelivery[] = [];
  /** Deliveries holding a place in the window (from their `sending` mark until their outcome is written). */
  private inFlight = 0;
  /** Waiting for the next flush: accepted ones to be marked `sent`, other outcomes. */
  private accepted: number[] = [];
  private outcomes: Outcome[] = [];
  private flushing = false;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushedAt = 0;
  /** The last claim found fewer rows than asked: no point claiming again until the pipeline drains. */
  private exhausted = false;
  private resolving: Promise<void> | null = null;
  private reporting: Promise<void> | null = null;
  private reportLookedAt = 0;
  private flushFailedAt = 0;
  private readonly touched = new Set<number>();
  private wakeLoop: (() => void) | null = null;
  /** The relay is away: nothing is handed to SMTP until a probe finds it answering. */
  private relayAway: { reason: string; probeAt: number; waitMs: number } | null = null;
  /** Campaigns whose messages met the outage, to be paused with the reason at the next flush. */
  private pausing = new Set<number>();

  constructor(private readonly deps: ServiceDeps) {
    const settings = mailerSettings.of(deps);
    this.transport = createSmtpTransport(settings);
    const { MAIL_SMTP_POOL: pool, MAIL_SMTP_PIPELINE: perConnection, MAIL_SEND_RATE: rate } = settings;
    this.batchSize = Math.min(500, Math.max(pool * 10, rate > 0 ? Math.ceil(rate / 2) : 500));
    this.window = pool * perConnection;
    this.heart = setInterval(() => {
      beat(deps.knex, this.id).catch((err: unknown) => deps.log.warn({ err }, 'heartbeat failed'));
    }, 2000);
    this.heart.unref();
    if (!this.transport) deps.log.warn('SMTP_URL is not set: campaign messages go to the outbox, not delivered');
  }

  run(): Promise<void> {
    this.done = this.loop();
    return this.done;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    wakeSenders();
    this.wakeLoop?.();
    await this.done;
    clearInterval(this.heart);
    this.transport?.close();
    // Rows claimed but never handed to SMTP go back at once rather than after the stale delay.
    await releaseClaims(this.deps.knex, this.id).catch((err: unknown) =>
      this.deps.log.warn({ err }, 'claims not released; the next sweep returns them'),
    );
  }

  private async loop(): Promise<void> {
    const { knex, log } = this.deps;
    let housekept = 0;
    let settled = 0;
    while (!this.stopped) {
      try {
        if (Date.now() - housekept > HOUSEKEEPING_MS) {
          await startDueCampaigns(knex);
          // A/B tests whose time has come: their winner is picked and the rest becomes due.
          if ((await decideDueAbTests(knex)).length) this.exhausted = false;
          this.resolveAudiences();
          this.lookForWeeklyReport();
          await settleCampaigns(knex, await sweepDeadClaims(knex));
          await this.probeRelay();
          housekept = Date.now();
        }
        if (Date.now() - settled > HOUSEKEEPING_MS && this.touched.size) {
          const ids = [...this.touched];
          this.touched.clear();
          await settleCampaigns(knex, ids);
          settled = Date.now();
        }
        if (this.stopped) break;
        if (this.relayAway) {
          await this.progress(Math.min(HOUSEKEEPING_MS, Math.max(0, this.relayAway.probeAt - Date.now())));
          housekept = 0;
          continue;
        }
        // Claimed ahead, while the queue still holds half a batch, so connections never wait for it.
        if (this.queue.length < this.batchSize / 2) {
          const batch = await claimDeliveries(knex, this.id, this.batchSize);
          this.exhausted = batch.length < this.batchSize;
          this.queue.push(...batch);
          this.pump();
          if (batch.length === 0 && this.queue.length === 0) {
            if (this.busy()) await this.progress(IDLE_MS);
            else {
              await completeFinishedCampaigns(knex);
              await idle(IDLE_MS);
              // Woken by new work (or the poll): look for due campaigns and audiences first.
              housekept = 0;
            }
            continue;
          }
        }
        await this.progress(HOUSEKEEPING_MS);
      } catch (err) {
        log.warn({ err }, 'send loop step failed; retrying');
        await sleep(1000);
      }
    }
    // Messages already handed to SMTP finish and their outcomes are written; the queue's rows
    // are released by stop() (releaseClaims). Should the database stay away, the rows left
    // `sending` become `unknown` once this sender's heartbeat is stale, as after a crash.
    const deadline = Date.now() + DRAIN_MS;
    while (this.busy() && Date.now() < deadline) await this.progress(1000);
    await this.resolving;
    await this.reporting;
    if (this.touched.size) await settleCampaigns(knex, [...this.touched]).catch(() => {});
  }

  /**
   * Resolves new campaigns' audiences beside the sending: each page of delivery rows can be
   * claimed as soon as it is written, so a large campaign's first messages leave at once.
   */
  private resolveAudiences(): void {
    if (this.resolving) return;
    this.resolving = (async () => {
      const onPage = () => {
        this.exhausted = false;
        wakeSenders();
        this.wakeLoop?.();
      };
      while (!this.stopped && (await resolveNextAudience(this.deps, onPage)));
    })()
      .catch((err: unknown) => this.deps.log.warn({ err }, 'audience resolution failed; retrying'))
      .finally(() => (this.resolving = null));
  }

  /** The weekly report, when due, beside the sending (its figures are asked of other services). */
  private lookForWeeklyReport(): void {
    if (this.reporting) return;
    const asked = takeWeeklyReportAsk();
    if (!asked && Date.now() - this.reportLookedAt < WEEKLY_REPORT_CHECK_MS) return;
    this.reportLookedAt = Date.now();
    this.reporting = sendDueWeeklyReport(this.deps, this.transport, this.id)
      .then(() => undefined)
      .catch((err: unknown) => this.deps.log.warn({ err }, 'weekly report not sent; trying again at the next look'))
      .finally(() => (this.reporting = null));
  }

  private busy(): boolean {
    return this.inFlight > 0 || this.flushing || this.flushTimer !== null;
  }

  /** Resolves when the queue runs low or the pipeline empties (or after `ms`). */
  private progress(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeLoop = () => {
        this.wakeLoop = null;
        done();
      };
    });
  }

  /** Wakes the loop when the queue runs low (or the pipeline empties), and flushes the marks. */
  private pump(): void {
    if ((!this.exhausted && this.queue.length < this.batchSize / 2) || !this.busy()) this.wakeLoop?.();
    this.flush();
  }

  /**
   * Writes the pending marks in one statement (one flush at a time, at most every
   * FLUSH_EVERY_MS; what arrives meanwhile goes in the next one), then hands the rows now
   * `sending` to SMTP. The accepted messages leave `sending` in the same statement as the next
   * ones enter it, so their places in the window are reused at once and the rows `sending` never
   * outnumber the window.
   */
  private flush(): void {
    if (this.flushing || this.flushTimer) return;
    const canStart =
      !this.stopped && !this.relayAway && this.queue.length > 0 && this.inFlight - this.accepted.length < this.window;
    if (!canStart && this.accepted.length === 0 && this.outcomes.length === 0 && this.pausing.size === 0) return;
    const early = this.flushedAt + FLUSH_EVERY_MS - performance.now();
    if (early > 0) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        this.flush();
      }, early);
      return;
    }
    this.flushedAt = performance.now();
    this.flushing = true;
    const accepted = this.accepted;
    const outcomes = this.outcomes;
    const pausing = [...this.pausing];
    const away = this.relayAway?.reason ?? '';
    this.accepted = [];
    this.outcomes = [];
    this.pausing = new Set();
    const start: ClaimedDelivery[] = [];
    while (
      !this.stopped &&
      !this.relayAway &&
      this.queue.length &&
      this.inFlight - accepted.length + start.length < this.window
    )
      start.push(this.queue.shift()!);
    this.inFlight += start.length;
    const { knex, log } = this.deps;
    const wait = Math.max(0, this.flushFailedAt + 1000 - Date.now());
    void (async () => {
      if (wait) await sleep(wait);
      // Paused before the rows go back to pending, so no sender claims them meanwhile.
      await pauseForRelay(knex, pausing, relayPausedReason(away));
      const ok =
        accepted.length || start.length
          ? await markSentAndSending(
              knex,
              this.id,
              accepted,
              start.map((d) => d.id),
            )
          : new Set<number>();
      await markDeliveries(knex, this.id, outcomes);
      return ok;
    })().then(
      (ok) => {
        this.inFlight -= accepted.length + outcomes.length;
        for (const d of start) {
          this.touched.add(d.campaign_id);
          if (ok.has(d.id)) void this.send(d);
          else this.inFlight--; // its campaign was paused: back to pending
        }
        this.flushing = false;
        this.pump();
      },
      (err: unknown) => {
        // Nothing of it was written: the marks wait for the next flush, the rows stay claimed.
        log.warn({ err }, 'marking deliveries failed; retrying');
        this.flushFailedAt = Date.now();
        this.accepted.push(...accepted);
        this.outcomes.push(...outcomes);
        for (const id of pausing) this.pausing.add(id);
        this.inFlight -= start.length;
        this.queue.unshift(...start);
        this.flushing = false;
        this.pump();
      },
    );
  }

  private renderer(campaignId: number, group: ClaimedDelivery['variant']): Promise<MessageRenderer> {
    const key = group ? `${campaignId}:${group}` : String(campaignId);
    const now = Date.now();
    const kept = this.renderers.get(key);
    if (kept && now - kept.at < RENDERER_TTL_MS) return kept.renderer;
    for (const [k, v] of this.renderers) if (now - v.at >= RENDERER_TTL_MS) this.renderers.delete(k);
    const { knex, config } = this.deps;
    const renderer = Promise.all([
      loadCampaignMessage(knex, campaignId, group),
      loadTrackingSecret(knex, config.TRACKING_SECRET),
    ]).then(([campaign, secret]) =>
      compileMessage(campaign, { secret, publicUrl: mailerSettings.of(this.deps).MAIL_PUBLIC_URL }),
    );
    renderer.catch(() => {
      if (this.renderers.get(key)?.renderer === renderer) this.renderers.delete(key);
    });
    this.renderers.set(key, { at: now, renderer });
    return renderer;
  }

  /** One message, already `sending`: handed to SMTP, its outcome queued for the next flush. */
  private async send(d: ClaimedDelivery): Promise<void> {
    const { counters } = this.deps;
    const settle = (o: Outcome) => {
      if (o.status === 'sent') this.accepted.push(o.id);
      else this.outcomes.push(o);
      counters.inc('mailer_messages_total', { outcome: o.status });
      this.flush();
    };
    if (!this.transport) return settle({ id: d.id, status: 'outbox', error: 'no SMTP configured' });
    try {
      const render = await this.renderer(d.campaign_id, d.variant);
      await this.transport.sendMail(
        composeRawMessage(render({ deliveryId: d.id, email: d.email, firstName: d.first_name, lastName: d.last_name })),
      );
      settle({ id: d.id, status: 'sent' });
    } catch (err) {
      const f = classifySmtpError(err);
      if (f.kind === 'outage') {
        this.relayWentAway(f.reason);
        this.pausing.add(d.campaign_id);
        return settle(
          f.unconfirmed
            ? { id: d.id, status: 'unknown', error: `${UNCONFIRMED}: ${f.reason}` }
            : { id: d.id, status: 'outage', error: f.reason },
        );
      }
      if (f.kind === 'retry' && d.attempts < MAX_ATTEMPTS)
        settle({
          id: d.id,
          status: 'retry',
          error: f.reason,
          delayMs: retryDelayMs(d.attempts, mailerSettings.of(this.deps).MAIL_RETRY_FIRST_MS),
        });
      else settle({ id: d.id, status: 'failed', error: f.reason });
    }
  }

  private relayWentAway(reason: string): void {
    if (this.relayAway) return;
    this.relayAway = { reason, probeAt: Date.now() + FIRST_PROBE_MS, waitMs: FIRST_PROBE_MS };
    this.deps.log.warn({ reason }, 'mail relay not answering; sending paused until it answers');
  }

  /**
   * Asks an absent relay whether it answers again (when this sender saw it go, or finds campaigns
   * another replica paused for it), with a doubling wait; when it answers, those campaigns resume.
   */
  private async probeRelay(): Promise<void> {
    const { knex, log } = this.deps;
    if (!this.transport) return;
    if (!this.relayAway) {
      if (!(await waitingForRelay(knex))) return;
      this.relayAway = { reason: 'paused by another sender', probeAt: Date.now(), waitMs: FIRST_PROBE_MS };
    }
    const away = this.relayAway;
    if (Date.now() < away.probeAt) return;
    try {
      await this.transport.verify();
    } catch (err) {
      const reason = classifySmtpError(err).reason;
      const waitMs = Math.min(mailerSettings.of(this.deps).MAIL_RELAY_PROBE_MAX_MS, away.waitMs * 2);
      this.relayAway = { reason, probeAt: Date.now() + away.waitMs, waitMs };
      log.info({ reason, nextProbeMs: away.waitMs }, 'mail relay still not answering');
      // A cut connection's error was the first seen; what the relay does now is what staff read.
      await updateRelayReason(knex, relayPausedReason(reason));
      return;
    }
    const resumed = await resumeAfterRelay(knex);
    this.relayAway = null;
    log.info({ resumed }, 'mail relay answers again; sending resumed');
    wakeSenders();
  }
}
