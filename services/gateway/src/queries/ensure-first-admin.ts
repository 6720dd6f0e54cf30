/**
 * The first administrator: from ADMIN_USERNAME / ADMIN_PASSWORD when no staff user exists;
 * in the one-process product without them, a generated password written to a file only the
 * owner can read (never to the logs). Gateway replicas started together on a new database all
 * get here at once: exactly one of them creates the account and the others start without it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Knex } from '@lp/runtime';
import { hashPassword } from '../auth/passwords.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { countStaffUsers } from './find-staff-user.ts';

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
    if (!(await insertFirstOwner(knex, opts.username, opts.password))) return { created: false };
    return { created: true, username: opts.username, from: 'environment' };
  }
  if (!opts.generateInto) return { created: false };
  const username = opts.username ?? 'admin';
  const password = randomBytes(12).toString('base64url');
  if (!(await insertFirstOwner(knex, username, password))) return { created: false };
  mkdirSync(opts.generateInto, { recursive: true });
  const passwordFile = resolve(join(opts.generateInto, 'first-admin.txt'));
  writeFileSync(
    passwordFile,
    `username: ${username}\npassword: ${password}\n\nChange it with: pnpm admin:create-user ${username}\n`,
    { mode: 0o600 },
  );
  return { created: true, username, from: 'generated', passwordFile };
}

/**
 * Creates the owner only while there is no staff user, and says whether it did. The check and
 * the insert take turns under a transaction-scoped advisory lock (as migrations do), so replicas
 * that all saw an empty table never both insert, whatever usernames they were given.
 */
async function insertFirstOwner(knex: Knex, username: string, password: string): Promise<boolean> {
  // Hashed before the lock: scrypt takes a good part of a second and needs no turn.
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['lp-first-admin']);
    if ((await countStaffUsers(trx)) > 0) return false;
    const [row] = (await trx
      .withSchema('gateway')
      .table('staff_users')
      .insert({ username, password_hash: passwordHash, role: 'owner' })
      .returning('id')) as { id: number }[];
    await recordAudit(trx, STARTUP, 'staff.create', username, { id: row!.id, role: 'owner' });
    return true;
  });
}
