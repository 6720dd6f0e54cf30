/** Deletes a template; false when there was none. Campaigns keep their own copy of its content. */
import type { Knex } from '@lp/runtime';

export async function deleteTemplate(knex: Knex, id: number): Promise<boolean> {
  // `returning` rather than the affected-row count, which the PGlite driver does not report.
  const rows: { id: number }[] = await knex
    .withSchema('mailer')
    .table('templates')
    .where({ id })
    .delete()
    .returning('id');
  return rows.length > 0;
}
