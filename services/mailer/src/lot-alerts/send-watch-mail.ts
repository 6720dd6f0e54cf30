/**
 * Sends one message of a lot watch at most once: claimed in Postgres before it is handed to
 * SMTP (lot-watches-store.ts), settled after the relay answered. A relay that took nothing
 * (down, refused, a 4xx) gives the claim back and throws `WatchMailDeferred`, so the consumer
 * naks with back-off and the redelivery sends it; a 5xx is the relay's final word (`failed`,
 * not retried); without SMTP the claim is settled `outbox`. Another handler's claim still in
 * flight throws too, so an event is never acknowledged before its mail was sent or given up.
 * The same path as the lead replies' (lead-replies/send-lead-replies.ts).
 */
import type { Knex } from '@lp/runtime';
import { composeRawMessage } from '../sending/compose-raw-message.ts';
import type { RenderedMessage } from '../sending/render-message.ts';
import { classifySmtpError } from '../sending/smtp-transport.ts';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { claimMail, finishMail, mailStateOf, releaseMail, type WatchMailKey } from './lot-watches-store.ts';

/** What became of one message (counted in `mailer_lot_watch_messages_total`). */
export type WatchMailStep = 'sent' | 'failed' | 'outbox' | 'sent_before' | 'unknown' | 'skipped';

/** The relay took nothing, or another handler's claim is still in flight: the consumer retries. */
export class WatchMailDeferred extends Error {}

/** Settled already (or of unknown fate): nothing to do. In flight elsewhere: retry later. */
export async function alreadyHandled(knex: Knex, key: WatchMailKey): Promise<WatchMailStep | null> {
  const state = await mailStateOf(knex, key);
  if (state === 'settled') return 'sent_before';
  if (state === 'unknown') return 'unknown';
  if (state === 'in_flight') throw new WatchMailDeferred(`the ${key.kind} of watch ${key.watchId} is being sent`);
  return null;
}

/** Records that nothing is sent for this key, and why (once; a later handler sees it settled). */
export async function skipWatchMail(knex: Knex, key: WatchMailKey, why: string): Promise<WatchMailStep> {
  if (await claimMail(knex, key)) await finishMail(knex, key, { status: 'skipped', detail: why });
  return 'skipped';
}

export async function sendWatchMailOnce(
  knex: Knex,
  transport: MailTransport | null,
  key: WatchMailKey,
  message: () => RenderedMessage,
): Promise<WatchMailStep> {
  const before = await alreadyHandled(knex, key);
  if (before) return before;
  if (!(await claimMail(knex, key)))
    throw new WatchMailDeferred(`the ${key.kind} of watch ${key.watchId} was claimed by another handler`);
  if (!transport) {
    await finishMail(knex, key, { status: 'outbox', detail: 'no SMTP configured' });
    return 'outbox';
  }
  try {
    await transport.sendMail(composeRawMessage(message()));
  } catch (err) {
    const f = classifySmtpError(err);
    // Nothing reached the relay (down, refused, a 4xx): worth sending again. A connection cut
    // after it opened may have delivered: never resent.
    if (f.kind === 'retry' || (f.kind === 'outage' && !f.unconfirmed)) {
      await releaseMail(knex, key);
      throw new WatchMailDeferred(`mail relay did not take the ${key.kind}: ${f.reason}`);
    }
    await finishMail(knex, key, { status: 'failed', detail: f.reason });
    return 'failed';
  }
  await finishMail(knex, key, { status: 'sent', detail: null });
  return 'sent';
}
