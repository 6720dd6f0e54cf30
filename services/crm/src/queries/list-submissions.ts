/**
 * A page of form submissions for the dashboard, newest first (by time, then id), after a cursor
 * (the last id seen), each with the contact that has its e-mail (if any) and the first call logged
 * with that contact after it came (the mailer's replies are added by lead-response/). A page is at most
 * `limit` submissions and always fits in one bus message: long messages end it early.
 */
import type { Knex } from '@lp/runtime';
import type { FormSubmission, SubmissionsPage } from '@lp/contracts';
import { fitOneReply } from './fit-one-reply.ts';
import { crmTable, type FormSubmissionRow } from './rows.ts';

/** A submission with the id of the contact that has its e-mail. */
type Row = Omit<FormSubmissionRow, 'event_id' | 'idempotency_key' | 'stored_at'> & {
  contact_id: number | null;
  first_call_at: Date | null;
};

export async function listSubmissions(knex: Knex, opts: { limit: number; cursor?: number }): Promise<SubmissionsPage> {
  const query = crmTable(knex, 'form_submissions', 's')
    .select<Row[]>(
      's.id',
      's.first_name',
      's.last_name',
      's.email',
      's.phone',
      's.interest',
      's.message',
      's.source',
      's.topic',
      's.page',
      's.lot_number',
      's.session_id',
      's.country',
      's.region',
      's.city',
      's.created_at',
      's.converted_at',
      knex.raw('(select c.id from crm.contacts c where lower(c.email) = lower(s.email)) as contact_id'),
      knex.raw(
        `(select min(k.called_at) from crm.contact_calls k join crm.contacts c on c.id = k.contact_id
          where lower(c.email) = lower(s.email) and k.called_at >= s.created_at) as first_call_at`,
      ),
    )
    .orderBy([
      { column: 's.created_at', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(opts.limit + 1);
  // Keyset paging: after the cursor's (time, id), so a page far down is as cheap as the first.
  if (opts.cursor !== undefined)
    query.whereRaw('(s.created_at, s.id) < (select c.created_at, c.id from crm.form_submissions c where c.id = ?)', [
      opts.cursor,
    ]);
  const rows = await query;
  const { page, more } = fitOneReply(rows.map(toSubmission), opts.limit);
  return { submissions: page, nextCursor: more ? (page[page.length - 1]?.id ?? null) : null };
}

function toSubmission(r: Row): FormSubmission {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    interest: r.interest,
    message: r.message,
    source: r.source,
    topic: r.topic,
    page: r.page,
    lotNumber: r.lot_number,
    sessionId: r.session_id,
    country: r.country,
    region: r.region,
    city: r.city,
    createdAt: r.created_at.toISOString(),
    contactId: r.contact_id,
    convertedAt: r.converted_at?.toISOString() ?? null,
    firstResponseAt: r.first_call_at ? new Date(r.first_call_at).toISOString() : null,
  };
}
