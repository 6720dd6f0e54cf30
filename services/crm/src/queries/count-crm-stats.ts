/** The crm's counters for the dashboard home: now, and as they stood when the month began (UTC). */
import type { Knex } from '@lp/runtime';
import type { CrmStats } from '@lp/contracts';

const MONTH_START = "date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'";

export async function countCrmStats(knex: Knex): Promise<CrmStats> {
  const count = async (table: string) => {
    const [row] = (await knex
      .withSchema('crm')
      .table(table)
      .select(
        knex.raw('count(*) as now'),
        knex.raw(`count(*) filter (where created_at < ${MONTH_START}) as before`),
      )) as { now: number | string; before: number | string }[];
    return { now: Number(row?.now ?? 0), before: Number(row?.before ?? 0) };
  };
  const [contacts, lists, submissions] = await Promise.all([
    count('contacts'),
    count('lists'),
    count('form_submissions'),
  ]);
  return {
    totalContacts: contacts.now,
    totalLists: lists.now,
    totalSubmissions: submissions.now,
    lastMonth: { totalContacts: contacts.before, totalLists: lists.before, totalSubmissions: submissions.before },
  };
}
