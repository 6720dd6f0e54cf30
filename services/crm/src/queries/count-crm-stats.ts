/**
 * The crm's counters for the dashboard home: now, and as they stood when this month began in the
 * site's time zone (SITE_TIME_ZONE), the zone every date on the dashboard is shown in.
 */
import type { Knex } from '@lp/runtime';
import { DEFAULT_SITE_TIME_ZONE, type CrmStats } from '@lp/contracts';

export async function countCrmStats(
  knex: Knex,
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
  now: Date = new Date(),
): Promise<CrmStats> {
  const monthStart = knex.raw("date_trunc('month', ?::timestamptz at time zone ?) at time zone ?", [
    now.toISOString(),
    timeZone,
    timeZone,
  ]);
  const count = async (table: string) => {
    const [row] = (await knex
      .withSchema('crm')
      .table(table)
      .select(
        knex.raw('count(*) as now'),
        knex.raw('count(*) filter (where created_at < ?) as before', [monthStart]),
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
