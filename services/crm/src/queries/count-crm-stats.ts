/**
 * The crm's counters for the dashboard home: now, and as they stood when this month began in the
 * site's time zone (SITE_TIME_ZONE), the zone every date on the dashboard is shown in.
 */
import type { Knex } from '@lp/runtime';
import { crmTable } from './rows.ts';
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
  const count = async (table: 'contacts' | 'lists' | 'form_submissions') => {
    const [row] = await crmTable(knex, table).select<{ now: number; before: number }[]>(
      knex.raw('count(*) as now'),
      knex.raw('count(*) filter (where created_at < ?) as before', [monthStart]),
    );
    return { now: row?.now ?? 0, before: row?.before ?? 0 };
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
