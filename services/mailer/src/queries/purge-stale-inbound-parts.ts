/**
 * Deletes parts that waited more than a week for the rest of their message (a post whose last
 * parts never reached the bus, and that its provider never retried): they can never complete.
 */
import type { Knex } from '@lp/runtime';

export const STALE_PARTS_AFTER_DAYS = 7;

export async function purgeStaleInboundParts(knex: Knex): Promise<number> {
  const rows = await knex
    .withSchema('mailer')
    .table('inbound_parts')
    .where('received_at', '<', knex.raw(`now() - interval '${STALE_PARTS_AFTER_DAYS} days'`))
    .delete()
    .returning('upload_key');
  return rows.length;
}
