/**
 * The ids of the contacts (any status) behind some analytics session ids: a form submission
 * carrying the session id names the address, and the contact with that address (any letter
 * case) is the visitor, as a contact's history matches them. What a segment's first-touch and lot
 * view conditions turn analytics' lead sessions into (segment-visits.ts).
 *
 * The sessions join as one array, which PostgreSQL hashes over one pass of the submissions; each
 * address found is then one index-only probe of `contacts_email_lower_idx`, which carries the id
 * (the LATERAL keeps it a probe: a join lets the planner hash `lower(email)` of every contact,
 * twice as slow at 1,000,000), in address order (each index page is then read once in a row:
 * 3 µs a probe instead of 4; the sort fits in 16 MB of memory). Without parallel workers: the
 * array is a constant of the plan, and handing 53,000 sessions to each worker cost more than
 * the workers saved (about 100 ms). 53,575 submissions to 45,607 contacts of 1,000,000: about
 * 250 ms (bench/README.md).
 */
import type { Knex } from '@lp/runtime';

export async function listContactIdsOfSessions(knex: Knex, sessionIds: readonly string[]): Promise<number[]> {
  if (sessionIds.length === 0) return [];
  return knex.transaction(async (trx) => {
    await trx.raw('set local max_parallel_workers_per_gather = 0');
    await trx.raw(`set local work_mem = '16MB'`);
    const { rows } = await trx.raw<{ rows: { id: number }[] }>(
      `select c.id from (select distinct lower(s.email) as address from crm.form_submissions s
          where s.session_id = any(?::text[]) order by 1) s
        cross join lateral (select c.id from crm.contacts c where lower(c.email) = s.address limit 1) c
        order by c.id`,
      [sessionIds as string[]],
    );
    return rows.map((r) => r.id);
  });
}
