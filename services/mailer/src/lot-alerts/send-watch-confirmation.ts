/**
 * One request to watch a lot, as named steps: the watch recorded (asking again never makes a
 * second one); an active watch is left alone (nothing mailed: the answer to the visitor is the
 * same either way, so the form never tells whether an address watches a lot); a confirmation
 * sent moments ago for the same watch is not sent again (the form cannot flood an inbox);
 * otherwise the confirmation mail with a signed link that expires, sent once per request.
 */
import { LOT_WATCH_CONFIRM_HOURS, type LotWatchRequested } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { makeWatchConfirmToken } from '@lp/runtime/mail/tracking-tokens';
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { lastConfirmationAt, requestWatch, type WatchMailKey } from './lot-watches-store.ts';
import { confirmUrlOf, renderWatchConfirmation } from './render-lot-watch-mail.ts';
import { alreadyHandled, sendWatchMailOnce, skipWatchMail, type WatchMailStep } from './send-watch-mail.ts';

/** Two confirmations of one watch are at least this far apart. */
export const CONFIRM_RESEND_AFTER_MS = 60_000;

export type ConfirmStep = WatchMailStep | 'already_active';

export async function sendWatchConfirmation(
  deps: { knex: Knex; secret: string; publicUrl: string; now?: Date },
  transport: MailTransport | null,
  event: LotWatchRequested,
): Promise<ConfirmStep> {
  const { knex, secret, publicUrl } = deps;
  const now = deps.now ?? new Date();
  const watch = await requestWatch(knex, event);
  if (watch.status === 'active') return 'already_active';
  const key: WatchMailKey = { watchId: watch.id, kind: 'confirm', ref: event.id };
  const before = await alreadyHandled(knex, key);
  if (before) return before;
  const last = await lastConfirmationAt(knex, watch.id);
  if (last && now.getTime() - last.getTime() < CONFIRM_RESEND_AFTER_MS)
    return skipWatchMail(knex, key, 'a confirmation of this watch went out moments ago');
  const expiresAt = new Date(now.getTime() + LOT_WATCH_CONFIRM_HOURS * 3_600_000);
  const confirmUrl = confirmUrlOf(publicUrl, makeWatchConfirmToken(secret, watch.id, expiresAt));
  return sendWatchMailOnce(knex, transport, key, () =>
    renderWatchConfirmation({
      requestId: event.id,
      lotNumber: watch.lot_number,
      email: watch.email,
      confirmUrl,
      publicUrl,
    }),
  );
}
