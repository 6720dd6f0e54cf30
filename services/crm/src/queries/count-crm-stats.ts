/** The crm's counters for the dashboard home. */
import type { Knex } from '@lp/runtime';
import type { CrmStats } from '@lp/contracts';

export async function countCrmStats(knex: Knex): Promise<CrmStats> {
  const count = async (table: string) =>
    Number((await knex.withSchema('crm').table(table).count<{ count: number }[]>({ count: '*' }))[0]?.count ?? 0);
  const [totalContacts, totalLists, totalSubmissions] = await Promise.all([
    count('contacts'),
    count('lists'),
    count('form_submissions'),
  ]);
  return { totalContacts, totalLists, totalSubmissions };
}
