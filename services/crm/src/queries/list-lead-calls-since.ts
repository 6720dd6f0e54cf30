/**
 * The leads (form submissions) that came since a time, each with the first call logged with
 * its contact after it came: the input of the median time to first response per week.
 */
import type { Knex } from '@lp/runtime';

export type LeadFirstCall = { email: string; at: string; firstCallAt: string | null };

export async function listLeadCallsSince(knex: Knex, since: Date): Promise<LeadFirstCall[]> {
  const { rows } = await knex.raw<{ rows: { email: string; created_at: Date; first_call_at: Date | null }[] }>(
    `select s.email, s.created_at,
       (select min(k.called_at) from crm.contact_calls k join crm.contacts c on c.id = k.contact_id
        where lower(c.email) = lower(s.email) and k.called_at >= s.created_at) as first_call_at
     from crm.form_submissions s where s.created_at >= ? order by s.created_at`,
    [since],
  );
  return rows.map((r) => ({
    email: r.email,
    at: new Date(r.created_at).toISOString(),
    firstCallAt: r.first_call_at ? new Date(r.first_call_at).toISOString() : null,
  }));
}
