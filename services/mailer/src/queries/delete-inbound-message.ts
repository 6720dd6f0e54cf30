/** Deletes a message for good; its attachments go with it (foreign key cascade). */
import type { Knex } from '@lp/runtime';

export async function deleteInboundMessage(knex: Knex, id: number): Promise<boolean> {
  // `returning` rather than the affected-row count, which the embedded driver does not report.
  const rows = await knex.withSchema('mailer').table('inbound_messages').where({ id }).delete().returning('id');
  return rows.length > 0;
}
