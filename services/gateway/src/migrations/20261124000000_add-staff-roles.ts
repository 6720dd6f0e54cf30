/**
 * Staff roles and disabled accounts: `owner` manages staff accounts, `staff` uses the dashboard.
 * Accounts that exist already (the first administrator) become owners; a disabled account keeps
 * its row (the audit log names it) but cannot sign in and has no session.
 */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').alterTable('staff_users', (t) => {
    t.text('role').notNullable().defaultTo('staff');
    t.timestamp('disabled_at', { useTz: true });
  });
  await knex.withSchema('gateway').table('staff_users').update({ role: 'owner' });
  await knex.raw(
    `alter table gateway.staff_users add constraint staff_users_role_check check (role in ('owner', 'staff'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').alterTable('staff_users', (t) => {
    t.dropColumn('role');
    t.dropColumn('disabled_at');
  });
}
