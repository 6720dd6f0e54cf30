/** Staff sessions: create on sign-in, find by token hash while valid (and the account enabled), revoke on sign-out. */
import type { StaffRole } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export type ActiveSession = {
  sessionId: number;
  userId: number;
  username: string;
  role: StaffRole;
  expiresAt: Date;
};

export async function createSession(
  knex: Knex,
  s: { userId: number; tokenHash: string; expiresAt: Date; userAgent: string | null },
): Promise<number> {
  const [row] = await knex
    .withSchema('gateway')
    .table('staff_sessions')
    .insert({ user_id: s.userId, token_hash: s.tokenHash, expires_at: s.expiresAt, user_agent: s.userAgent })
    .returning('id');
  await knex
    .withSchema('gateway')
    .table('staff_users')
    .where({ id: s.userId })
    .update({ last_login_at: knex.fn.now() });
  return (row as { id: number }).id;
}

export async function findActiveSession(knex: Knex, tokenHash: string): Promise<ActiveSession | undefined> {
  const row = await knex
    .withSchema('gateway')
    .table('staff_sessions as s')
    .join('staff_users as u', 'u.id', 's.user_id')
    .where('s.token_hash', tokenHash)
    .whereNull('s.revoked_at')
    .whereNull('u.disabled_at')
    .andWhere('s.expires_at', '>', new Date())
    .first(
      's.id as sessionId',
      'u.id as userId',
      'u.username as username',
      'u.role as role',
      's.expires_at as expiresAt',
    );
  return row ? { ...row, expiresAt: new Date(row.expiresAt) } : undefined;
}

export async function revokeSession(knex: Knex, sessionId: number): Promise<void> {
  await knex
    .withSchema('gateway')
    .table('staff_sessions')
    .where({ id: sessionId })
    .update({ revoked_at: knex.fn.now() });
}
