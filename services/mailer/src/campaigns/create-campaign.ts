/**
 * A send request becomes a campaign: stored once per request id, the send worker woken, then its
 * audience counted so the campaigns table shows how many it goes to before it starts. The
 * gateway asks for this over RPC and answers staff with the campaign's id; the consumer of
 * `mail.send.requested` does the same for requests published on the bus (replays included).
 */
import type { SendRequested } from '@lp/contracts';
import { rethrowDbError, type ServiceDeps } from '@lp/runtime';
import { wakeSenders } from '../sending/wake-senders.ts';
import { estimateAudience } from './estimate-audience.ts';
import { storeSendRequest, type StoredSendRequest } from './store-send-request.ts';

export async function createCampaign(
  deps: Pick<ServiceDeps, 'knex' | 'bus' | 'log' | 'counters'>,
  event: SendRequested,
): Promise<{ stored: StoredSendRequest; counted: Promise<void> }> {
  const { knex, counters, log } = deps;
  const stored = await storeSendRequest(knex, event).catch(rethrowDbError);
  if (!stored.inserted) {
    log.info({ requestId: event.id, campaignId: stored.id }, 'duplicate send request: the campaign is stored');
    return { stored, counted: Promise.resolve() };
  }
  counters.inc('mailer_campaigns_stored_total', {});
  wakeSenders();
  log.info({ requestId: event.id, campaignId: stored.id }, 'campaign stored');
  // Best effort (it logs its own failure): the count never holds back the answer.
  return { stored, counted: estimateAudience(deps, stored.id) };
}
