/**
 * Applies one chunk of a CSV import in one transaction: every row is matched by e-mail (any
 * letter case). A new address becomes a subscribed contact with source csv_import; a known one is
 * treated as the import chose (`existing`): `update` gives it the file's non-empty fields, `fill`
 * only the fields it has empty, `skip` leaves it as it is. Its status is never touched (an
 * unsubscribed contact stays unsubscribed). A known contact the file changes nothing of counts as
 * unchanged. With a list, every contact of the chunk, new or known (skipped ones too), joins it in
 * the same statement (404 when the list is gone). The chunk is recorded by (import id, seq) in the
 * same transaction: a chunk re-sent after a restart or a lost reply is answered with what it did
 * the first time.
 */
import { notFound, type Knex } from '@lp/runtime';
import type { ImportChunkInput, ImportChunkResult, ImportExisting, ImportRow } from '@lp/contracts';
import { crmTable } from './rows.ts';

type Counts = ImportChunkResult;

/**
 * Rows of one chunk with the same e-mail (any case) merge into one, later non-empty fields
 * winning; their tags add up, and so do their custom values (later ones winning per field).
 */
export function mergeDuplicateRows(rows: readonly ImportRow[]): { rows: ImportRow[]; merged: number } {
  const byEmail = new Map<string, ImportRow>();
  for (const row of rows) {
    const key = row[0].toLowerCase();
    const seen = byEmail.get(key);
    if (!seen) byEmail.set(key, row);
    else {
      // Only a duplicate is copied: the chunk's rows are not duplicated in memory.
      byEmail.set(key, [
        seen[0],
        row[1] ?? seen[1],
        row[2] ?? seen[2],
        row[3] ?? seen[3],
        row[4] ?? seen[4],
        row[5] ?? seen[5],
        row[6] ? [...new Set([...(seen[6] ?? []), ...row[6]])] : seen[6],
        row[7] ? { ...seen[7], ...row[7] } : seen[7],
      ]);
    }
  }
  return { rows: [...byEmail.values()], merged: rows.length - byEmail.size };
}

const ARRAY_ESCAPE = /["\\]/;
const ARRAY_ESCAPES = /["\\]/g;

/**
 * A PostgreSQL array literal of texts: each element quoted (backslash and double quote escaped),
 * null as NULL. Passed as one text parameter cast to text[]; texts never hold NUL (storable()).
 */
export function pgTextArray(values: readonly (string | null)[]): string {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? null;
    parts[i] = value === null ? 'NULL' : `"${ARRAY_ESCAPE.test(value) ? value.replace(ARRAY_ESCAPES, '\\$&') : value}"`;
  }
  return `{${parts.join(',')}}`;
}

/** A known contact's tags and the file's, each once, the contact's first. */
const TAGS_UNION = `case when excluded.tags = '{}' then c.tags
  else array(select t from unnest(c.tags || excluded.tags) with ordinality as u(t, n) group by t order by min(n)) end`;

/** How a known contact's columns take the file's values, per choice (`skip` never gets here). */
const MERGE: Record<Exclude<ImportExisting, 'skip'>, readonly (readonly [column: string, value: string])[]> = {
  update: [
    ['first_name', 'coalesce(excluded.first_name, c.first_name)'],
    ['last_name', 'coalesce(excluded.last_name, c.last_name)'],
    ['phone', 'coalesce(excluded.phone, c.phone)'],
    ['metadata', 'c.metadata || excluded.metadata'],
    // The file's tags join those the contact has (in that order, each once).
    ['tags', TAGS_UNION],
    ['custom_fields', 'c.custom_fields || excluded.custom_fields'],
  ],
  fill: [
    ['first_name', "coalesce(nullif(c.first_name, ''), excluded.first_name)"],
    ['last_name', "coalesce(nullif(c.last_name, ''), excluded.last_name)"],
    ['phone', "coalesce(nullif(c.phone, ''), excluded.phone)"],
    ['metadata', 'excluded.metadata || c.metadata'],
    // Tags only for a contact that has none; a custom value only where the contact has none.
    ['tags', "case when c.tags = '{}' then excluded.tags else c.tags end"],
    ['custom_fields', 'excluded.custom_fields || c.custom_fields'],
  ],
};

/** The statement's conflict clause: a known contact is updated only when the file changes something. */
function onKnownContact(existing: ImportExisting): string {
  if (existing === 'skip') return 'on conflict ((lower(email))) do nothing';
  const merge = MERGE[existing];
  return `on conflict ((lower(email))) do update
             set ${merge.map(([column, value]) => `${column} = ${value}`).join(', ')}, updated_at = now()
             where (${merge.map(([column]) => `c.${column}`).join(', ')})
               is distinct from (${merge.map(([, value]) => value).join(', ')})`;
}

export async function upsertImportChunk(knex: Knex, chunk: ImportChunkInput): Promise<Counts> {
  return knex.transaction(async (trx) => {
    const { listId } = chunk;
    const existing = chunk.existing ?? 'update';
    if (listId !== undefined) {
      const list = await trx.withSchema('crm').table('lists').select('id').where({ id: listId }).first();
      if (!list) throw notFound('The list to import into no longer exists');
    }
    const claimed = await trx
      .withSchema('crm')
      .table('import_chunks')
      .insert({ import_id: chunk.importId, seq: chunk.seq, imported: 0, updated: 0 })
      .onConflict(['import_id', 'seq'])
      .ignore()
      .returning('seq');
    if (claimed.length === 0) {
      // Claimed before: its row holds what it did.
      const done = (await crmTable(trx, 'import_chunks')
        .select('imported', 'updated', 'unchanged', 'skipped')
        .where({ import_id: chunk.importId, seq: chunk.seq })
        .first())!;
      return { imported: done.imported, updated: done.updated, unchanged: done.unchanged, skipped: done.skipped };
    }
    const { rows, merged } = mergeDuplicateRows(chunk.rows);
    // A row merged into an earlier one of the same address counts as that contact changed again.
    let counts: Counts = { imported: 0, updated: merged, unchanged: 0, skipped: 0 };
    if (rows.length > 0) {
      // The rows travel as eight text arrays (one per column), unnested in one statement per chunk:
      // cheaper for PostgreSQL to read than a JSON document, and eight parameters whatever the size.
      // Tags and custom values travel as JSON texts, read back into text[] and jsonb.
      const column = (i: 0 | 1 | 2 | 3 | 4 | 5) => pgTextArray(rows.map((row) => row[i] ?? null));
      const json = (i: 6 | 7) => pgTextArray(rows.map((row) => (row[i] ? JSON.stringify(row[i]) : null)));
      // `up` holds the contacts inserted or changed; `known` the contacts the file names that
      // existed before the statement (a statement's parts all read the data as it was before it).
      const result = await trx.raw<{ rows: { imported: number; updated: number; known: number }[] }>(
        `with input as (
           select * from unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[])
             as r(email, first_name, last_name, phone, address, notes, tags, custom_fields)
         ), known as (
           select c.id from crm.contacts c join input i on lower(c.email) = lower(i.email)
         ), up as (
           insert into crm.contacts as c (email, first_name, last_name, phone, status, source, metadata, tags, custom_fields)
           select email, first_name, last_name, phone, 'subscribed', 'csv_import',
                  jsonb_strip_nulls(jsonb_build_object('address', address, 'notes', notes)),
                  -- Most files have no tags or custom columns: their rows skip the subqueries.
                  case when tags is null then '{}'
                       else coalesce(array(select jsonb_array_elements_text(tags::jsonb)), '{}') end,
                  -- Only fields that still exist: one deleted while the file was read keeps no value.
                  case when custom_fields is null then '{}'
                       else coalesce((select jsonb_object_agg(v.key, v.value) from jsonb_each(custom_fields::jsonb) v
                                      where v.key in (select key from crm.custom_fields)), '{}') end
           from input
           -- One lock order for every chunk, so two chunks applied at once wait, never deadlock.
           order by lower(email)
           ${onKnownContact(existing)}
           returning id, (xmax = 0) as inserted
         ), joined as (
           insert into crm.list_members (list_id, contact_id)
           select ?::int, id from (select id from up union select id from known) every_contact
           where ?::int is not null
           on conflict (list_id, contact_id) do nothing
         )
         select count(*) filter (where inserted) as imported, count(*) filter (where not inserted) as updated,
                (select count(*) from known) as known
         from up`,
        [
          column(0),
          column(1),
          column(2),
          column(3),
          column(4),
          column(5),
          json(6),
          json(7),
          listId ?? null,
          listId ?? null,
        ],
      );
      if (listId !== undefined)
        await trx.withSchema('crm').table('lists').where({ id: listId }).update({ updated_at: trx.fn.now() });
      const r = result.rows[0]!;
      // (A contact another import added since this statement's snapshot is not among `known`.)
      const untouched = Math.max(0, r.known - r.updated);
      counts = {
        imported: r.imported,
        updated: r.updated + merged,
        unchanged: existing === 'skip' ? 0 : untouched,
        skipped: existing === 'skip' ? untouched : 0,
      };
    }
    await trx
      .withSchema('crm')
      .table('import_chunks')
      .where({ import_id: chunk.importId, seq: chunk.seq })
      .update(counts);
    // Records of imports older than a day can no longer be re-sent: keep the table small.
    if (chunk.seq === 0)
      await trx
        .withSchema('crm')
        .table('import_chunks')
        .where('applied_at', '<', trx.raw("now() - interval '1 day'"))
        .delete();
    return counts;
  });
}
