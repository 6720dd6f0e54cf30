/**
 * List names are unique in any letter case: two lists named alike looked identical in every
 * picker. Lists that already share a name keep the oldest one's name; the others are renamed
 * "Name (2)", "Name (3)"… (skipping names already taken), then a unique index holds the rule.
 */
import type { Knex } from '@lp/runtime';

type Row = { id: number; name: string };

/** The renames that leave every name unique in any case: the oldest list of a name keeps it. */
export function renamesForUniqueNames(rows: readonly Row[]): Row[] {
  const taken = new Set(rows.map((r) => r.name.toLowerCase()));
  const kept = new Set<string>();
  const renames: Row[] = [];
  for (const r of [...rows].sort((a, b) => a.id - b.id)) {
    const key = r.name.toLowerCase();
    if (!kept.has(key)) {
      kept.add(key);
      continue;
    }
    let n = 2;
    while (taken.has(`${key} (${n})`)) n += 1;
    const name = `${r.name} (${n})`;
    taken.add(name.toLowerCase());
    kept.add(name.toLowerCase());
    renames.push({ id: r.id, name });
  }
  return renames;
}

export async function up(knex: Knex): Promise<void> {
  const rows = (await knex.raw(
    `select id, name from crm.lists
     where lower(name) in (select lower(name) from crm.lists group by lower(name) having count(*) > 1)
        or name ~ ' \\(\\d+\\)$'`,
  )) as { rows: Row[] };
  for (const r of renamesForUniqueNames(rows.rows))
    await knex.withSchema('crm').table('lists').where({ id: r.id }).update({ name: r.name, updated_at: knex.fn.now() });
  await knex.raw('create unique index lists_name_lower_idx on crm.lists (lower(name))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index crm.lists_name_lower_idx');
}
