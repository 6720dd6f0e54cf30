/**
 * Two different messages may carry one Message-ID (mailers reuse ids; a forwarded copy differs
 * from its original), and both belong in the inbox: the Message-ID stops being unique (an index
 * stays, for threading), and what makes a post "the same message again" is `mail_key`, the
 * sha256 of what a reader sees (store-inbound-message.ts). Rows stored before keep their key
 * (the sha256 of their Message-ID); a provider still retrying one of them after the deploy stores
 * it once more.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table mailer.inbound_messages drop constraint inbound_messages_message_id_unique');
  await knex.raw('create index inbound_messages_message_id_idx on mailer.inbound_messages (message_id)');
}

// Refuses (unique violation) while two kept messages share a Message-ID: going back would lose one.
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index mailer.inbound_messages_message_id_idx');
  await knex.raw(
    'alter table mailer.inbound_messages add constraint inbound_messages_message_id_unique unique (message_id)',
  );
}
