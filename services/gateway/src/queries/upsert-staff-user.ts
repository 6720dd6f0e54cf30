/**
 * The operator's way in (first administrator, `pnpm admin:create-user`): creates an owner, or sets
 * a new password for an existing account (and signs it out everywhere). Audited in the same
 * transaction, in the name of `by` (the command line, or the start-up that made the first admin).
 */
import type { Knex } from '@lp/runtime';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/passwords.ts';

export async function upsertStaffUser(
  knex: Knex,
  username: string,
  password: string,
  by: AuditActor,
): Promise<{ id: number; created: boolean }> {
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    // Insert first, decided by the unique index: two runs at once for a new name make one
    // account and one password change, never a duplicate-key failure.
    const [inserted] = (await trx
      .withSchema('gateway')
      .table('staff_users')
      .insert({ username, password_hash: passwordHash, role: 'owner' })
      .onConflict(trx.raw('(lower(username))'))
      .ignore()
      .returning('id')) as { id: number }[];
    if (inserted) {
      await recordAudit(trx, by, 'staff.create', username, { id: inserted.id, role: 'owner' });
      return { id: inserted.id, created: true };
    }
    const existing = (await trx
      .withSchema('gateway')
      .table('staff_users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first('id')) as { id: number };
    await trx
      .withSchema('gateway')
      .table('staff_users')
      .where({ id: existing.id })
      .update({ password_hash: passwordHash });
    const revoked = await trx
      .withSchema('gateway')
      .table('staff_sessions')
      .where({ user_id: existing.id })
      .whereNull('revoked_at')
      .update({ revoked_at: trx.fn.now() });
    await recordAudit(trx, by, 'staff.reset_password', username, { id: existing.id, sessionsRevoked: revoked });
    return { id: existing.id, created: false };
  });
}
