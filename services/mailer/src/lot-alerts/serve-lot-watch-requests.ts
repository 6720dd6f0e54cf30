/**
 * Lot watches, why in the mailer: it owns sending, the suppression of unsubscribed and bounced
 * addresses, the signed links in mail and their key, so a watch (an address and its consent)
 * sits beside the mail sent for it; crm keeps contacts and is asked only whether an address may
 * be mailed. (The automation service of DESIGN.md, once it exists, may take watches over.)
 *
 * The requests: the confirmation link (GET reads; the page's button POSTs and a genuine,
 * unexpired token turns a pending watch on — link scanners follow GETs, and a watch a scanner
 * turned on would be consent nobody gave; 404 for a forged one, 410 once expired), the stop link of an alert (GET reads, POST stops: link
 * scanners follow GETs), and confirmed watchers per lot for staff.
 */
import { RPC, type LotWatchState } from '@lp/contracts';
import { AppError, answerRpc, notFound, type Knex } from '@lp/runtime';
import { readToken, readWatchConfirmToken } from '@lp/runtime/mail/tracking-tokens';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { confirmWatch, countWatchers, findWatch, stopWatch, type WatchRow } from './lot-watches-store.ts';

const INVALID_LINK = 'This link is not valid';
const stateOf = (w: WatchRow): LotWatchState => ({ lotNumber: w.lot_number, email: w.email, status: w.status });

async function watchOfStopToken(knex: Knex, secret: string, token: string): Promise<number> {
  const ids = readToken(secret, 'watch-stop', token);
  if (!ids) throw notFound(INVALID_LINK);
  return ids.deliveryId;
}

/** The watch a confirmation link names: 404 for a forged one, 410 once expired unless already on. */
async function watchOfConfirmToken(knex: Knex, secret: string, token: string): Promise<WatchRow> {
  const ids = readWatchConfirmToken(secret, token);
  if (!ids) throw notFound(INVALID_LINK);
  const current = await findWatch(knex, ids.watchId);
  if (!current) throw notFound(INVALID_LINK);
  // An expired link still shows a watch that is already on (a second click days later).
  if (ids.expired && current.status !== 'active')
    throw new AppError(410, 'not_found', 'This confirmation link has expired');
  return current;
}

export const serveLotWatchRequests = [
  // The link's page (a GET, which mail scanners follow too): shows, never turns the watch on.
  answerRpc(RPC.mailer.lotWatchToConfirm, async ({ token }, { knex, config }) =>
    stateOf(await watchOfConfirmToken(knex, await loadTrackingSecret(knex, config.TRACKING_SECRET), token)),
  ),

  answerRpc(RPC.mailer.lotWatchConfirm, async ({ token }, { knex, config, counters }) => {
    const current = await watchOfConfirmToken(knex, await loadTrackingSecret(knex, config.TRACKING_SECRET), token);
    const watch = await confirmWatch(knex, current.id);
    if (current.status === 'pending' && watch?.status === 'active') counters.inc('mailer_lot_watches_confirmed_total');
    return stateOf(watch ?? current);
  }),

  answerRpc(RPC.mailer.lotWatchGet, async ({ token }, { knex, config }) => {
    const id = await watchOfStopToken(knex, await loadTrackingSecret(knex, config.TRACKING_SECRET), token);
    const watch = await findWatch(knex, id);
    if (!watch) throw notFound(INVALID_LINK);
    return stateOf(watch);
  }),

  answerRpc(RPC.mailer.lotWatchStop, async ({ token }, { knex, config, counters }) => {
    const id = await watchOfStopToken(knex, await loadTrackingSecret(knex, config.TRACKING_SECRET), token);
    const watch = await stopWatch(knex, id);
    if (!watch) throw notFound(INVALID_LINK);
    counters.inc('mailer_lot_watches_stopped_total');
    return stateOf(watch);
  }),

  answerRpc(RPC.mailer.lotWatchers, async (_input, { knex }) => ({ lots: await countWatchers(knex) })),
];
