/**
 * The lead sessions a segment condition asks about (crm ties a session to its contacts by the
 * session id of their form submissions): the sessions of analytics' own copy of the submissions
 * whose visitor viewed one of some lots' pages (`/lots/{n}`, with or without a trailing slash:
 * `session_lots`), or whose first visit (first touch) came with a utm_campaign (any letter
 * case: the visits). Both outlive the raw page views' retention. A page of ids in order after
 * `after`, walking the submissions' session index from there: lots merge with the session_lots
 * key from the same point, a first touch is one probe of the visits' (session_id, started_at)
 * key per lead. So the cost follows the number of tracked leads, not of page views. A page
 * stops short of LEAD_SESSIONS_PAGE_BYTES (long ids from odd browsers), and says whether there
 * may be more.
 */
import { LEAD_SESSIONS_PAGE_BYTES, type LeadSessionsInput, type LeadSessions } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

export async function readLeadSessions(knex: Knex, input: LeadSessionsInput): Promise<LeadSessions> {
  const { ask, after, limit } = input;
  let match: Knex.Raw;
  if (ask.kind === 'viewed_lots') {
    if (ask.lotNumbers.length === 0) return { sessionIds: [], more: false };
    // `l.session_id > ?` again: the planner then starts the session_lots key where the page starts.
    match = knex.raw(
      `where exists (select 1 from analytics.session_lots l
         where l.session_id = s.session_id and l.session_id > ? and l.lot_number = any(?::int[]))`,
      [after, ask.lotNumbers],
    );
  } else {
    // A LATERAL with a limit: a nested loop that stops at `limit` matches.
    match = knex.raw(
      `cross join lateral (select v.utm_campaign from analytics.visits v
         where v.session_id = s.session_id order by v.started_at limit 1) m
       where lower(m.utm_campaign) = lower(?)`,
      [ask.campaign],
    );
  }
  const { rows } = await knex.raw<{ rows: { session_id: string }[] }>(
    `select s.session_id from (select distinct session_id from analytics.submissions
        where session_id is not null and session_id > ?) s
      ?
      order by s.session_id limit ?`,
    [after, match, limit],
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
