/**
 * Inbound mail no longer travels over JetStream in parts: the gateway hands each post over
 * whole (`rpc.mailer.inbound.receive`), so the table where parts waited for the rest of their
 * message has no more writers. Deployed once the old `mailer-inbound` durable has nothing
 * pending, what is still here belongs to posts never answered 200 (some of their parts never
 * reached the bus), which their providers post again.
 */
import type { Knex } from '@lp/runtime';
import { up as createInboundParts } from './20261124010200_create-inbound-parts.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('mailer').dropTableIfExists('inbound_parts');
}

// Back to the table as it was first created.
export const down = createInboundParts;
