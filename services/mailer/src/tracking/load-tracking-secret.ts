/**
 * The key of the tracking tokens: TRACKING_SECRET when configured, else the one a migration
 * generated once and keeps in `mailer.settings`, so links in mail already sent keep working across
 * restarts and every replica signs alike. (The insert stays as a guard for a schema migrated
 * before that migration existed; it does nothing once the key is there.)
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from '@lp/runtime';

let cached: Promise<string> | undefined;
let cachedFor: Knex | undefined;

export function loadTrackingSecret(knex: Knex, configured: string | undefined): Promise<string> {
  if (configured) return Promise.resolve(configured);
  if (cached && cachedFor === knex) return cached;
  cachedFor = knex;
  cached = (async () => {
    await knex
      .withSchema('mailer')
      .table('settings')
      .insert({ key: 'tracking_secret', value: randomBytes(32).toString('base64url') })
      .onConflict('key')
      .ignore();
    const row = await knex.withSchema('mailer').table('settings').where({ key: 'tracking_secret' }).first();
    return (row as { value: string }).value;
  })();
  cached.catch(() => (cached = undefined));
  return cached;
}
