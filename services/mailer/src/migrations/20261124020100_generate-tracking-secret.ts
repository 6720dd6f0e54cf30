/**
 * Generates the key of the tracking links once, when the schema is made, so no request ever
 * writes it (a public tracking link stores nothing but its event) and every replica signs alike.
 * TRACKING_SECRET, when configured, takes precedence over it.
 */
import { randomBytes } from 'node:crypto';
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex
    .withSchema('mailer')
    .table('settings')
    .insert({ key: 'tracking_secret', value: randomBytes(32).toString('base64url') })
    .onConflict('key')
    .ignore();
}

export async function down(): Promise<void> {
  // The key stays: links in mail already sent must keep working.
}
