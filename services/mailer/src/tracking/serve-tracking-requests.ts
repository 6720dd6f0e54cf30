/**
 * The public tracking requests the gateway forwards: an open pixel, a click redirect (only to a
 * link of that campaign's message; on the seller's own site it carries the campaign's UTM
 * parameters) and the unsubscribe page (GET shows, POST unsubscribes), and a recipient's mail
 * (messages, opens, clicks) for the contact's history.
 * Every token is checked against its HMAC first; a forged or altered one records nothing.
 */
import { RPC } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { attributeClickUrl, ownSiteHosts } from './attribute-click-url.ts';
import { findCampaignLink } from './find-campaign-link.ts';
import { findDelivery } from './find-delivery.ts';
import { isProxyOpen } from './is-proxy-open.ts';
import { listRecipientMail } from './list-recipient-mail.ts';
import { loadTrackingSecret } from './load-tracking-secret.ts';
import { isScannerAgent } from './machine-hits.ts';
import { settleOpensAndClicks } from './settle-opens-and-clicks.ts';
import { recordTrackingEvent } from './record-tracking-event.ts';
import { unsubscribeDelivery } from './unsubscribe-delivery.ts';
import { readToken } from '@lp/runtime/mail/tracking-tokens';

const INVALID_LINK = 'This link is not valid';

export const serveTrackingRequests = [
  answerRpc(RPC.mailer.trackOpen, async ({ token, userAgent }, { knex, config, counters }) => {
    const ids = readToken(await loadTrackingSecret(knex, config.TRACKING_SECRET), 'open', token);
    if (!ids) return { recorded: false };
    const { inserted } = await knex.transaction(async (trx) => {
      const stored = await recordTrackingEvent(trx, {
        deliveryId: ids.deliveryId,
        kind: 'open',
        isProxy: isProxyOpen(userAgent),
        detail: userAgent.slice(0, 300),
      });
      await settleOpensAndClicks(trx, [ids.deliveryId]);
      return stored;
    });
    if (inserted) counters.inc('mailer_tracking_events_total', { kind: 'open' });
    return { recorded: inserted };
  }),

  answerRpc(RPC.mailer.trackClick, async ({ token, userAgent }, deps) => {
    const { knex, config, counters } = deps;
    const ids = readToken(await loadTrackingSecret(knex, config.TRACKING_SECRET), 'click', token);
    if (ids?.linkIdx === undefined) throw notFound(INVALID_LINK);
    const delivery = await findDelivery(knex, { id: ids.deliveryId });
    if (!delivery) throw notFound(INVALID_LINK);
    const link = await findCampaignLink(knex, delivery.campaign_id, ids.linkIdx);
    if (!link) throw notFound(INVALID_LINK);
    await knex.transaction(async (trx) => {
      await recordTrackingEvent(trx, {
        deliveryId: delivery.id,
        kind: 'click',
        linkIdx: ids.linkIdx,
        isScanner: isScannerAgent(userAgent),
        detail: userAgent.slice(0, 300),
      });
      await settleOpensAndClicks(trx, [delivery.id]);
    });
    counters.inc('mailer_tracking_events_total', { kind: 'click' });
    return { url: attributeClickUrl(link.url, link, ownSiteHosts(mailerSettings.of(deps).MAIL_PUBLIC_URL)) };
  }),

  answerRpc(RPC.mailer.recipientMail, ({ email, limit }, { knex }) => listRecipientMail(knex, email, limit)),

  answerRpc(RPC.mailer.unsubscribeInfo, async ({ token }, { knex, config }) => {
    const ids = readToken(await loadTrackingSecret(knex, config.TRACKING_SECRET), 'unsubscribe', token);
    const delivery = ids && (await findDelivery(knex, { id: ids.deliveryId }));
    if (!delivery) throw notFound(INVALID_LINK);
    const done = await knex
      .withSchema('mailer')
      .table('tracking_events')
      .where({ event_key: `unsubscribe:${delivery.id}` })
      .first('id');
    return { email: delivery.email, unsubscribed: Boolean(done) };
  }),

  answerRpc(RPC.mailer.unsubscribe, async ({ token }, { knex, bus, config, counters, reqId }) => {
    const ids = readToken(await loadTrackingSecret(knex, config.TRACKING_SECRET), 'unsubscribe', token);
    const delivery = ids && (await findDelivery(knex, { id: ids.deliveryId }));
    if (!delivery) throw notFound(INVALID_LINK);
    await unsubscribeDelivery({ knex, bus, counters }, delivery, reqId);
    return { email: delivery.email, unsubscribed: true };
  }),
];
