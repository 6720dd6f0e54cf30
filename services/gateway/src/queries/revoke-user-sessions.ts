/** Signs a staff member out everywhere: every open session of the account is revoked. */
import type { Knex } from '@lp/runtime';

export async function revokeUserSessions(db: Knex | Knex.Transaction, userId: number): Promise<number> {
  return db
    .withSchema('gateway')
    .table('staff_sessions')
    .where({ user_id: userId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() });
}
