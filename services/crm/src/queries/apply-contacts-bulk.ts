/**
 * One chunk of a bulk action on contacts, in one transaction: the next `limit` contacts of the
 * selection (ids below `before`, newest first; hand-picked ids or the Contacts screen's own
 * filter) are added to a list, taken off it, given a status or deleted by one set-based
 * statement. Walking by id keeps every chunk's cost the same however many came before, and a
 * contact the action moves out of the match (deleted, status changed) is never met twice.
 *
 * Invariants kept: a deleted contact leaves every list (the memberships' foreign key cascades;
 * its form submissions stay, as for one delete); a bulk status change never makes an
 * unsubscribed or bounced contact subscribed (they opted out or cannot be mailed: only the
 * person's own sign-up, or an edit of that one contact, may do that), those count as `kept`.
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ContactsBulkChunkInput, ContactsBulkChunkResult } from '@lp/contracts';
import { filteredContacts } from './list-contacts.ts';
import type { SegmentContext } from './segment-engagement.ts';
import { withSegmentWhere } from './segment-match.ts';

/** Statuses a bulk "set status to subscribed" leaves as they are. */
const OPTED_OUT = ['unsubscribed', 'bounced'];

export async function applyContactsBulk(
  knex: Knex,
  input: ContactsBulkChunkInput,
  context: SegmentContext,
): Promise<ContactsBulkChunkResult> {
  const { bulk, before, limit } = input;
  // A segment is read as it stands when each chunk is taken, as the screen's count was.
  const match = 'match' in bulk.selection ? await withSegmentWhere(knex, bulk.selection.match, context) : undefined;
  return knex.transaction(async (trx) => {
    if (bulk.action === 'add_to_list' || bulk.action === 'remove_from_list') {
      const list = await trx.withSchema('crm').table('lists').select('id').where({ id: bulk.listId }).first();
      if (!list) throw notFound('List not found');
    }
    const { selection } = bulk;
    const chosen: Knex.QueryBuilder =
      'ids' in selection
        ? trx
            .withSchema('crm')
            .table('contacts')
            .whereIn('id', [...new Set(selection.ids)])
        : filteredContacts(trx, match ?? {});
    const picked = chosen.select('contacts.id').orderBy('contacts.id', 'desc').limit(limit);
    if (before !== undefined) picked.where('contacts.id', '<', before);
    const ids = ((await picked) as { id: number }[]).map((r) => r.id);
    const nextBefore = ids.length === limit ? ids[ids.length - 1]! : null;
    if (ids.length === 0) return { matched: 0, changed: 0, kept: 0, nextBefore: null };

    // PGlite's driver gives no row count: every statement answers the rows it changed.
    const contacts = () => trx.withSchema('crm').table('contacts').whereIn('id', ids);
    let changed: unknown[];
    let kept = 0;
    switch (bulk.action) {
      case 'add_to_list':
        changed = await trx
          .withSchema('crm')
          .table('list_members')
          .insert(ids.map((id) => ({ list_id: bulk.listId, contact_id: id })))
          .onConflict(['list_id', 'contact_id'])
          .ignore()
          .returning('contact_id');
        break;
      case 'remove_from_list':
        changed = await trx
          .withSchema('crm')
          .table('list_members')
          .where('list_id', bulk.listId)
          .whereIn('contact_id', ids)
          .delete()
          .returning('contact_id');
        break;
      case 'set_status': {
        if (bulk.status === 'subscribed') {
          const optedOut = await contacts().whereIn('status', OPTED_OUT).count<{ n: number }[]>({ n: '*' });
          kept = optedOut[0]?.n ?? 0;
        }
        const update = contacts().whereNot('status', bulk.status);
        if (bulk.status === 'subscribed') update.whereNotIn('status', OPTED_OUT);
        changed = await update.update({ status: bulk.status, updated_at: trx.fn.now() }).returning('id');
        break;
      }
      case 'delete':
        changed = await contacts().delete().returning('id');
        break;
    }
    if ((bulk.action === 'add_to_list' || bulk.action === 'remove_from_list') && changed.length > 0)
      await trx.withSchema('crm').table('lists').where({ id: bulk.listId }).update({ updated_at: trx.fn.now() });
    return { matched: ids.length, changed: changed.length, kept, nextBefore };
  });
}
