/**
 * The owner's use cases on staff accounts: add one, disable or enable one, set a new password.
 * Each runs in one transaction with its audit entry; disabling an account and resetting its
 * password sign it out everywhere (every open session revoked), so a leaver's or a leaked
 * session stops at once. An owner cannot disable their own account (the last way in).
 */
import { passwordPolicyProblem, type StaffAccount, type StaffAccountCreate } from '@lp/contracts';
import { AppError, badRequest, conflict, notFound, type Knex } from '@lp/runtime';
import { recordAudit, type AuditActor } from '../audit/record-audit.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { findStaffAccount } from '../queries/list-staff-accounts.ts';
import { revokeUserSessions } from '../queries/revoke-user-sessions.ts';

type Owner = Required<Pick<GatewayState, 'session'>> & AuditActor;

export async function createStaffAccount(knex: Knex, by: Owner, input: StaffAccountCreate): Promise<StaffAccount> {
  const passwordHash = await hashPassword(input.password);
  return knex.transaction(async (trx) => {
    // Taken is decided by the unique index, not by a look first: two owners adding the same
    // name at once get one 201 and one 409 (a look first let both through to a 500).
    const [row] = (await trx
      .withSchema('gateway')
      .table('staff_users')
      .insert({ username: input.username, password_hash: passwordHash, role: input.role })
      .onConflict(trx.raw('(lower(username))'))
      .ignore()
      .returning('id')) as { id: number }[];
    if (!row) throw conflict('An account with this username exists already');
    const account = await findStaffAccount(trx, row!.id);
    await recordAudit(trx, by, 'staff.create', input.username, { id: row!.id, role: input.role });
    return account!;
  });
}

export async function setStaffDisabled(knex: Knex, by: Owner, id: number, disabled: boolean): Promise<StaffAccount> {
  if (disabled && id === by.session.userId) throw conflict('You cannot disable your own account');
  return knex.transaction(async (trx) => {
    const account = await findStaffAccount(trx, id);
    if (!account) throw notFound('No such staff account');
    await trx
      .withSchema('gateway')
      .table('staff_users')
      .where({ id })
      .update({ disabled_at: disabled ? trx.fn.now() : null });
    const revoked = disabled ? await revokeUserSessions(trx, id) : 0;
    await recordAudit(trx, by, disabled ? 'staff.disable' : 'staff.enable', account.username, {
      id,
      ...(disabled ? { sessionsRevoked: revoked } : {}),
    });
    return (await findStaffAccount(trx, id))!;
  });
}

export async function resetStaffPassword(knex: Knex, by: Owner, id: number, password: string): Promise<StaffAccount> {
  const account = await findStaffAccount(knex, id);
  if (!account) throw notFound('No such staff account');
  const problem = passwordPolicyProblem(password, account.username);
  if (problem) throw badRequest('Some fields need attention', { fields: { password: [problem] } });
  const passwordHash = await hashPassword(password);
  return knex.transaction(async (trx) => {
    const updated = await trx
      .withSchema('gateway')
      .table('staff_users')
      .where({ id })
      .update({ password_hash: passwordHash });
    if (!updated) throw new AppError(404, 'not_found', 'No such staff account');
    const revoked = await revokeUserSessions(trx, id);
    await recordAudit(trx, by, 'staff.reset_password', account.username, { id, sessionsRevoked: revoked });
    return account;
  });
}
