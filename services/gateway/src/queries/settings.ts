/** The gateway's own settings (`gateway.settings`): one value per key; undefined when unset. */
import type { Knex } from '@lp/runtime';

export async function readSetting(knex: Knex, key: string): Promise<string | undefined> {
  const row = await knex
    .withSchema('gateway')
    .table('settings')
    .where({ key })
    .first<{ value: string } | undefined>('value');
  return row?.value;
}

export async function writeSetting(knex: Knex, key: string, value: string): Promise<void> {
  await knex
    .withSchema('gateway')
    .table('settings')
    .insert({ key, value, updated_at: knex.fn.now() })
    .onConflict('key')
    .merge(['value', 'updated_at']);
}
