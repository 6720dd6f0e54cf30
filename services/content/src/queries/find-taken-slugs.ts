/** Slugs already used that `base` or `base-<n>` could collide with (optionally ignoring one article). */
import type { Knex } from '@lp/runtime';

export async function findTakenSlugs(knex: Knex, base: string, exceptId?: number): Promise<Set<string>> {
  const rows: { slug: string }[] = await knex
    .withSchema('content')
    .table('articles')
    .select('slug')
    .where((q) => q.where('slug', base).orWhere('slug', 'like', `${base}-%`))
    .modify((q) => {
      if (exceptId !== undefined) q.whereNot('id', exceptId);
    });
  return new Set(rows.map((r) => r.slug));
}
