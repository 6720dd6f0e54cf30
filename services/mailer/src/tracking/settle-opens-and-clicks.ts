/**
 * What follows storing opens or clicks of some deliveries, in the same transaction: the machine
 * rules flag what a privacy proxy or a link scanner did (machine-hits.ts), then each touched
 * contact's last open and click as a person is worked out again (contact-engagement.ts). The
 * gateway's batches, the open pixel and the click redirect all store through here, so a report
 * and a segment never see an open or click before the rules have judged it.
 */
import type { Knex } from '@lp/runtime';
import { refreshContactEngagement } from './contact-engagement.ts';
import { flagMachineHits } from './machine-hits.ts';

export async function settleOpensAndClicks(trx: Knex.Transaction, deliveryIds: readonly number[]): Promise<void> {
  await flagMachineHits(trx, deliveryIds);
  await refreshContactEngagement(trx, deliveryIds);
}
