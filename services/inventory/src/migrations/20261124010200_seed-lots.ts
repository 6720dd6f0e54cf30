/** Seeds the thirty lots of the site plan (src/seed/seed-lots.ts); a lot already there is kept. */
import type { Knex } from '@lp/runtime';
import { SEED_LOTS } from '../seed/seed-lots.ts';

export async function up(knex: Knex): Promise<void> {
  await knex
    .withSchema('inventory')
    .table('lots')
    .insert(
      SEED_LOTS.map((l) => ({
        number: l.number,
        block: l.block,
        status: l.status,
        tags: l.tags,
        size_sq_ft: l.sizeSqFt,
        price: l.price,
        description: l.description,
        outline_path: l.outline.path,
        label_x: l.outline.label.x,
        label_y: l.outline.label.y,
      })),
    )
    .onConflict('number')
    .ignore();
}

export async function down(knex: Knex): Promise<void> {
  await knex
    .withSchema('inventory')
    .table('lots')
    .whereIn(
      'number',
      SEED_LOTS.map((l) => l.number),
    )
    .delete();
}
