/**
 * A schema's tables with their row types. Each service declares its rows once, beside its
 * queries (one type per table, each column typed as the platform's parsers read it, the same on
 * both drivers: type-parsers.ts), and reaches a table through the accessor made here:
 * `crmTable(knex, 'contacts')` is `knex('contacts').withSchema('crm')` with Knex told the row, so
 * it checks column names and types what `first`, `select` and `returning` answer, with no cast.
 * Not Knex's global `Tables` interface: that one is shared by every service of the process, and
 * the same table name may live in several schemas.
 */
import type { Knex } from 'knex';

export const schemaTables =
  <Tables extends Record<string, object>>(schema: string) =>
  <Name extends keyof Tables & string>(knex: Knex, name: Name, alias?: string) =>
    knex<Tables[Name]>(alias ? `${name} as ${alias}` : name).withSchema(schema);
