/** Deletes an article; false when there was none. Its images stay (they may be shared). */
import type { Knex } from '@lp/runtime';

export async function deleteArticle(knex: Knex, id: number): Promise<boolean> {
  // `returning` rather than the affected-row count, which the PGlite driver does not report.
  const rows: { id: number }[] = await knex
    .withSchema('content')
    .table('articles')
    .where({ id })
    .delete()
    .returning('id');
  return rows.length > 0;
}
