/**
 * The send loop of a mailer process (every replica runs one): start scheduled campaigns that
 * are due, resolve new audiences into delivery rows, turn dead senders' claims into `unknown`,
 * then claim a batch of due deliveries (SKIP LOCKED: replicas never share a row) and send each
 * through the pooled transport: claim, mark `sending` right before its SMTP transaction (at most
 * two per pooled connection at a time, so a crash leaves at most that many of unknown fate),
 * send, mark the outcome. A campaign paused meanwhile stops between messages (its claimed rows
 * go back to pending) and resume continues from there.
 */
import { randomUUID } from 'node:crypto';
import type { ServiceDeps, WorkerDefinition } from '@lp/runtime';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { claimDeliveries, markSending, type ClaimedDelivery } from './claim-deliveries.ts';
import { coalesce, limiter } from './coalesce-calls.ts';
import { loadCampaignMessage } from './load-campaign-message.ts';
import { completeFinishedCampaigns, markDeliveries, settleCampaigns, type Outcome } from './mark-deliveries.ts';
import { renderMessage, type RenderCampaign } from './render-message.ts';
import { resolveNextAudience } from './resolve-audiences.ts';
import { classifySmtpError, createSmtpTransport } from './smtp-transport.ts';
import { startDueCampaigns } from './start-due-campaigns.ts';
import { beat, releaseClaims, sweepDeadClaims } from './sweep-dead-claims.ts';
import { idle, wakeSenders } from './wake-senders.ts';

/** An idle sender polls this often (new work in this process wakes it at once). */
const IDLE_MS = 1000;
/** How often due campaigns, new audiences, dead senders and campaign counts are looked at while sending. */
const HOUSEKEEPING_MS = 1000;
const MAX_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => Math.min(15 * 60_000, 5_000 * 2 ** (attempts - 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const sendWorker: WorkerDefinition = {
  name: 'send',
  start: async (deps) => {
    const loop = new SendLoop(deps);
    await beat(deps.knex, loop.id);
    void loop.run();
    return { stop: () => loop.stop() };
  },
};

class SendLoop {
  readonly id = randomUUID();
  private stopped = false;
  private done: Promise<void> | undefined;
  private readonly transport;
  private readonly campaigns = new Map<number, Promise<RenderCampaign>>();
  private readonly heart: NodeJS.Timeout;
  private readonly batchSize: number;
  private readonly slot: ReturnType<typeof limiter>;
  private readonly toSending: (id: number) => Promise<boolean>;
  private readonly toSent: (id: number) => Promise<boolean>;

  constructor(private readonly deps: ServiceDeps) {
    this.transport = createSmtpTransport(deps.config);
    const { MAIL_SMTP_POOL: pool, MAIL_SEND_RATE: rate } = deps.config;
    this.batchSize = Math.min(500, Math.max(pool * 10, rate > 0 ? Math.ceil(rate / 2) : 500));
    // Two messages per pooled connection: one in its SMTP transaction while the next one's
    // 'sending' mark is written, so connections never wait on the database.
    this.slot = limiter(pool * 2);
    this.toSending = coalesce((ids) => markSending(deps.knex, this.id, ids));
    // Marked as soon as the server accepted it (joined per tick), so a crash leaves only the
    // messages still in an SMTP transaction of unknown fate.
    this.toSent = coalesce(async (ids) => {
      await markDeliveries(
        deps.knex,
        this.id,
        ids.map((id) => ({ id, status: 'sent' })),
      );
      return new Set(ids);
    });
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
    let next: Promise<ClaimedDelivery[]> | null = null;
    let housekept = 0;
    let settled = 0;
    const touched = new Set<number>();
    while (!this.stopped) {
      try {
        if (!next || Date.now() - housekept > HOUSEKEEPING_MS) {
          await startDueCampaigns(knex);
          while (!this.stopped && (await resolveNextAudience(this.deps)));
          await settleCampaigns(knex, await sweepDeadClaims(knex));
          housekept = Date.now();
        }
        const batch = await (next ?? claimDeliveries(knex, this.id, this.batchSize));
        next = null;
        if (batch.length === 0) {
          await completeFinishedCampaigns(knex);
          await idle(IDLE_MS);
          continue;
        }
        // The next batch is claimed while this one sends, so connections never wait for it.
        next = claimDeliveries(knex, this.id, this.batchSize);
        next.catch(() => {});
        const marks: Promise<unknown>[] = [];
        const outcomes = await Promise.all(batch.map((d) => this.slot(() => this.send(d, marks))));
        await Promise.all(marks);
        await markDeliveries(
          knex,
          this.id,
          outcomes.filter((o): o is Outcome => o !== null && o.status !== 'sent'),
        );
        for (const d of batch) touched.add(d.campaign_id);
        if (Date.now() - settled > HOUSEKEEPING_MS) {
          await settleCampaigns(knex, [...touched]);
          touched.clear();
          settled = Date.now();
        }
      } catch (err) {
        next = null;
        log.warn({ err }, 'send loop step failed; retrying');
        await sleep(1000);
      }
    }
    // A batch claimed ahead is released by stop() (releaseClaims).
    await next?.catch(() => []);
  }

  private campaign(id: number): Promise<RenderCampaign> {
    let c = this.campaigns.get(id);
    if (!c) {
      c = loadCampaignMessage(this.deps.knex, id);
      c.catch(() => this.campaigns.delete(id));
      this.campaigns.set(id, c);
    }
    return c;
  }

  /** One message: null when its campaign was paused before its turn (the row is pending again). */
  private async send(d: ClaimedDelivery, marks: Promise<unknown>[]): Promise<Outcome | null> {
    const { counters, config, knex } = this.deps;
    if (this.stopped || !(await this.toSending(d.id))) return null;
    if (!this.transport) {
      counters.inc('mailer_messages_total', { outcome: 'outbox' });
      return { id: d.id, status: 'outbox', error: 'no SMTP configured' };
    }
    const secret = await loadTrackingSecret(knex, config.TRACKING_SECRET);
    const msg = renderMessage(
      await this.campaign(d.campaign_id),
      { deliveryId: d.id, email: d.email, firstName: d.first_name, lastName: d.last_name },
      { secret, publicUrl: config.MAIL_PUBLIC_URL },
    );
    try {
      await this.transport.sendMail(msg);
      // Marked without holding the slot: the next message goes to the connection meanwhile.
      marks.push(this.toSent(d.id));
      counters.inc('mailer_messages_total', { outcome: 'sent' });
      return { id: d.id, status: 'sent' };
    } catch (err) {
      const f = classifySmtpError(err);
      if (f.kind === 'retry' && d.attempts < MAX_ATTEMPTS) {
        counters.inc('mailer_messages_total', { outcome: 'retry' });
        return { id: d.id, status: 'retry', error: f.reason, delayMs: retryDelayMs(d.attempts) };
      }
      counters.inc('mailer_messages_total', { outcome: 'failed' });
      return { id: d.id, status: 'failed', error: f.reason };
    }
  }
}
