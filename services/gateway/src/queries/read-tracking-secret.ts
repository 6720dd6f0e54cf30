/**
 * The key of the tracking links that the mailer's migration generated and keeps in
 * `mailer.settings`: read only (the gateway never writes the mailer's schema); undefined while
 * there is none. Fails like any query while the database or the mailer's schema is not there.
 */
import type { Knex } from '@lp/runtime';

export async function readTrackingSecret(knex: Knex): Promise<string | undefined> {
  const row = await knex
    .withSchema('mailer')
    .table('settings')
    .where({ key: 'tracking_secret' })
    .first<{ value: string } | undefined>('value');
  return row?.value;
}
