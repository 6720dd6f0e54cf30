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
    const existing = await trx
      .withSchema('gateway')
      .table('staff_users')
      .whereRaw('lower(username) = lower(?)', [username])
      .first('id');
    if (existing) {
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
      return { id: existing.id as number, created: false };
    }
    const [row] = await trx
      .withSchema('gateway')
      .table('staff_users')
      .insert({ username, password_hash: passwordHash, role: 'owner' })
      .returning('id');
    const id = (row as { id: number }).id;
    await recordAudit(trx, by, 'staff.create', username, { id, role: 'owner' });
    return { id, created: true };
  });
}
