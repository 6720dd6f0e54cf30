/**
 * The first administrator: from ADMIN_USERNAME / ADMIN_PASSWORD when no staff user exists;
 * in the one-process product without them, a generated password written to a file only the
 * owner can read (never to the logs).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Knex } from '@lp/runtime';
import { countStaffUsers } from './find-staff-user.ts';
import { upsertStaffUser } from './upsert-staff-user.ts';

/** The first administrator is made by the platform starting, not by a person. */
const STARTUP = { actorId: null, actor: 'startup' };

export type FirstAdmin =
  | { created: false }
  | { created: true; username: string; from: 'environment' }
  | { created: true; username: string; from: 'generated'; passwordFile: string };

export async function ensureFirstAdmin(
  knex: Knex,
  opts: { username?: string | undefined; password?: string | undefined; generateInto?: string | undefined },
): Promise<FirstAdmin> {
  if ((await countStaffUsers(knex)) > 0) return { created: false };
  if (opts.username && opts.password) {
    await upsertStaffUser(knex, opts.username, opts.password, STARTUP);
    return { created: true, username: opts.username, from: 'environment' };
  }
  if (!opts.generateInto) return { created: false };
  const username = opts.username ?? 'admin';
  const password = randomBytes(12).toString('base64url');
  await upsertStaffUser(knex, username, password, STARTUP);
  mkdirSync(opts.generateInto, { recursive: true });
  const passwordFile = resolve(join(opts.generateInto, 'first-admin.txt'));
  writeFileSync(
    passwordFile,
    `username: ${username}\npassword: ${password}\n\nChange it with: pnpm admin:create-user ${username}\n`,
    { mode: 0o600 },
  );
  return { created: true, username, from: 'generated', passwordFile };
}
