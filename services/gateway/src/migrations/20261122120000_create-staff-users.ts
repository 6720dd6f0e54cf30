/** Staff accounts: the dashboard's users, with scrypt password hashes. */
import type { Knex } from '@lp/runtime';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').createTable('staff_users', (t) => {
    t.increments('id').primary();
    t.text('username').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_login_at', { useTz: true });
  });
  await knex.raw('create unique index staff_users_username_lower_idx on gateway.staff_users (lower(username))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.withSchema('gateway').dropTable('staff_users');
}
