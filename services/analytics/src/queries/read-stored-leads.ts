/**
 * The leads analytics attributes, read from its own copy of the form submissions
 * (`analytics.submissions`, filled by consume-submissions.ts): crm is not asked.
 */
import type { Knex } from '@lp/runtime';

export type StoredLead = { sessionId: string; submittedAt: string };

type Row = { session_id: string | null; submitted_at: Date };

/**
 * The submissions sent at or after `since` and before `until` when given (a margin around the
 * period's site days; the caller keeps those of its days): tracked leads with their session id, and the submission
 * times of those without one (untracked, unattributed by nature).
 */
export async function readLeadsSince(
  knex: Knex,
  since: Date,
  until?: Date,
): Promise<{ leads: StoredLead[]; untracked: string[] }> {
  const query = knex<Row>('analytics.submissions')
    .select('session_id', 'submitted_at')
    .where('submitted_at', '>=', since)
    .orderBy('submitted_at', 'desc');
  if (until) void query.where('submitted_at', '<', until);
  const rows = await query;
  const leads: StoredLead[] = [];
  const untracked: string[] = [];
  for (const r of rows) {
    if (r.session_id) leads.push({ sessionId: r.session_id, submittedAt: r.submitted_at.toISOString() });
    else untracked.push(r.submitted_at.toISOString());
  }
  return { leads, untracked };
}

/**
 * The leads of the latest `limit` tracked submissions, one per session: its earliest submission
 * among them (where the visitor first converted), newest session first. This is what the
 * submissions table's "First touch" column showed when the gateway sent crm's latest
 * submissions: every submission of a session carried that session's first conversion.
 */
export async function readLatestLeadPerSession(knex: Knex, limit: number): Promise<StoredLead[]> {
  const rows = await knex<Row>('analytics.submissions')
    .select('session_id', 'submitted_at')
    .whereNotNull('session_id')
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'event_id', order: 'desc' },
    ])
    .limit(limit);
  const earliest = new Map<string, string>();
  for (const r of rows) earliest.set(r.session_id!, r.submitted_at.toISOString());
  return [...earliest].map(([sessionId, submittedAt]) => ({ sessionId, submittedAt }));
}
