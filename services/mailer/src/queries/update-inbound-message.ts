/** Marks a message read or unread, or sets its status; null when there is no such message. */
import type { Knex } from '@lp/runtime';
import type { InboxStatus } from '@lp/contracts';

export async function updateInboundMessage(
  knex: Knex,
  id: number,
  patch: { is_read?: boolean; status?: InboxStatus },
): Promise<{ id: number; isRead: boolean; status: InboxStatus } | null> {
  const [row] = await knex
    .withSchema('mailer')
    .table('inbound_messages')
    .where({ id })
    .update(patch)
    .returning<{ id: number; is_read: boolean; status: InboxStatus }[]>(['id', 'is_read', 'status']);
  return row ? { id: row.id, isRead: row.is_read, status: row.status } : null;
}
