/**
 * Adds a tag to contacts, or takes it off them (a journey's tag steps), in one transaction of
 * set-based statements. Idempotent: a contact that already has the tag (or lacks it) is left as
 * it is and counted `unchanged`, so a step the engine runs again changes nothing twice. A contact
 * already at TAGS_MAX tags is skipped and named in `full` (logged by the caller), never failing the
 * others. A change moves the contact's version on (trigger `contacts_bump_version`) and its
 * `updated_at`, as any edit does, so a dialog opened before it gets the stale-edit 409.
 */
import { TAGS_MAX, type ContactTagsChangeInput, type ContactTagsChanged } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function changeContactTags(knex: Knex, input: ContactTagsChangeInput): Promise<ContactTagsChanged> {
  const ids = [...new Set(input.contactIds)];
  return knex.transaction(async (trx) => {
    // Locked in id order so two changes of the same contacts never deadlock.
    const { rows } = await trx.raw<{ rows: { id: number; has: boolean; n: number }[] }>(
      `select id, ? = any(tags) as has, cardinality(tags) as n from crm.contacts
        where id = any(?::int[]) order by id for update`,
      [input.tag, ids],
    );
    const adding = input.action === 'add';
    const full = adding ? rows.filter((r) => !r.has && r.n >= TAGS_MAX).map((r) => r.id) : [];
    const toChange = rows.filter((r) => (adding ? !r.has && r.n < TAGS_MAX : r.has)).map((r) => r.id);
    // PGlite's driver gives no row count: the statement answers the rows it changed.
    const changed = toChange.length
      ? (
          await trx.raw<{ rows: { id: number }[] }>(
            `update crm.contacts
                set tags = ${adding ? 'array_append(tags, ?)' : 'array_remove(tags, ?)'}, updated_at = now()
              where id = any(?::int[]) returning id`,
            [input.tag, toChange],
          )
        ).rows.length
      : 0;
    return {
      changed,
      unchanged: rows.length - changed - full.length,
      missing: ids.length - rows.length,
      full,
    };
  });
}
