/** Deletes a message for good; its attachments go with it (foreign key cascade). */
import type { Knex } from '@lp/runtime';

export async function deleteInboundMessage(knex: Knex, id: number): Promise<boolean> {
  const n = await knex.withSchema('mailer').table('inbound_messages').where({ id }).delete();
  return n > 0;
}
