/** Form submissions for the dashboard, newest first. */
import type { Knex } from '@lp/runtime';
import type { FormSubmission, SubmissionSource } from '@lp/contracts';

type Row = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  interest: string | null;
  message: string | null;
  source: SubmissionSource;
  topic: string | null;
  page: string | null;
  session_id: string | null;
  created_at: Date | string;
};

export async function listSubmissions(knex: Knex, opts: { limit: number; offset: number }): Promise<FormSubmission[]> {
  const rows: Row[] = await knex
    .withSchema('crm')
    .table('form_submissions')
    .select(
      'id',
      'first_name',
      'last_name',
      'email',
      'phone',
      'interest',
      'message',
      'source',
      'topic',
      'page',
      'session_id',
      'created_at',
    )
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(opts.limit)
    .offset(opts.offset);
  return rows.map((r) => ({
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
    sessionId: r.session_id,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
