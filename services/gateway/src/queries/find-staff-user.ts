import type { Knex } from '@lp/runtime';

export type StaffUserRow = {
  id: number;
  username: string;
  password_hash: string;
  role: 'owner' | 'staff';
  disabled_at: Date | null;
};

export async function findStaffUser(knex: Knex, username: string): Promise<StaffUserRow | undefined> {
  return knex
    .withSchema('gateway')
    .table('staff_users')
    .whereRaw('lower(username) = lower(?)', [username])
    .first('id', 'username', 'password_hash', 'role', 'disabled_at');
}

export async function countStaffUsers(knex: Knex): Promise<number> {
  const [row] = await knex.withSchema('gateway').table('staff_users').count<{ count: number }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}
