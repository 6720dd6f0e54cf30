/** Every staff account for the owner's screen, oldest first. */
import type { StaffAccount, StaffRole } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Row = {
  id: number;
  username: string;
  role: StaffRole;
  disabled_at: Date | null;
  created_at: Date;
  last_login_at: Date | null;
};

export const toStaffAccount = (r: Row): StaffAccount => ({
  id: r.id,
  username: r.username,
  role: r.role,
  disabled: r.disabled_at !== null,
  createdAt: new Date(r.created_at).toISOString(),
  lastLoginAt: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
});

export const STAFF_ACCOUNT_COLUMNS = ['id', 'username', 'role', 'disabled_at', 'created_at', 'last_login_at'];

export async function listStaffAccounts(knex: Knex): Promise<StaffAccount[]> {
  const rows = (await knex
    .withSchema('gateway')
    .table('staff_users')
    .orderBy('id')
    .select(STAFF_ACCOUNT_COLUMNS)) as Row[];
  return rows.map(toStaffAccount);
}

export async function findStaffAccount(db: Knex | Knex.Transaction, id: number): Promise<StaffAccount | undefined> {
  const row = (await db.withSchema('gateway').table('staff_users').where({ id }).first(STAFF_ACCOUNT_COLUMNS)) as
    Row | undefined;
  return row ? toStaffAccount(row) : undefined;
}
