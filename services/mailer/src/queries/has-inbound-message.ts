/** Whether the message with this key (sha256 of its Message-ID) is already stored. */
import type { Knex } from '@lp/runtime';

export async function hasInboundMessage(knex: Knex, mailKey: string): Promise<boolean> {
  const row = await knex.withSchema('mailer').table('inbound_messages').where({ mail_key: mailKey }).first('id');
  return row !== undefined;
}
