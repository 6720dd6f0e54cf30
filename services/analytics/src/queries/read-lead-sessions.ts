/**
 * The lead sessions a segment condition asks about (crm ties a session to its contacts by the
 * session id of their form submissions): the sessions of analytics' own copy of the submissions
 * whose visitor viewed one of some lots' pages (`/lots/{n}`, with or without a trailing slash),
 * or whose first visit (first touch) came with a utm_campaign (any letter case). A page of ids in
 * order after `after`; each lead is one probe of an index by session id (page views by
 * (session_id, occurred_at), visits by (session_id, started_at)), so the cost follows the number
 * of tracked leads, not of page views. A page stops short of LEAD_SESSIONS_PAGE_BYTES (long ids
 * from odd browsers), and says whether there may be more.
 */
import { LEAD_SESSIONS_PAGE_BYTES, lotPath, type LeadSessionsInput, type LeadSessions } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function readLeadSessions(knex: Knex, input: LeadSessionsInput): Promise<LeadSessions> {
  const { ask, after, limit } = input;
  let matches: Knex.Raw;
  if (ask.kind === 'viewed_lots') {
    if (ask.lotNumbers.length === 0) return { sessionIds: [], more: false };
    const paths = ask.lotNumbers.flatMap((n) => [lotPath(n), `${lotPath(n)}/`]);
    matches = knex.raw(
      'exists (select 1 from analytics.page_views p where p.session_id = s.session_id and p.path = any(?::text[]))',
      [paths],
    );
  } else {
    matches = knex.raw(
      `lower((select v.utm_campaign from analytics.visits v where v.session_id = s.session_id
              order by v.started_at limit 1)) = lower(?)`,
      [ask.campaign],
    );
  }
  const { rows } = await knex.raw<{ rows: { session_id: string }[] }>(
    `select s.session_id from (select distinct session_id from analytics.submissions
        where session_id is not null and session_id > ?) s
      where ?
      order by s.session_id limit ?`,
    [after, matches, limit],
  );
  // Cut short by bytes, so the answer always fits a bus message; `more` then says to ask again.
  const sessionIds: string[] = [];
  let bytes = 2;
  for (const { session_id: id } of rows) {
    bytes += Buffer.byteLength(JSON.stringify(id)) + 1;
    if (bytes > LEAD_SESSIONS_PAGE_BYTES && sessionIds.length > 0) return { sessionIds, more: true };
    sessionIds.push(id);
  }
  return { sessionIds, more: rows.length === limit };
}
