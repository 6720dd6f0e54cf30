/**
 * When a lead's visitor reached `times` views of a lot's page (`/lots/{number}`) within `days`
 * days: the view that brought the count in the window ending at it (`(at - days, at]`) to at
 * least `times` from below, one row per such moment, session and lot (views at the same instant
 * count together). Only sessions that sent a form (`analytics.submissions`) are read: a visitor
 * who never did is nobody analytics can name. Views are read from `since - days` (the counts of
 * the first crossings need them) through the (session_id, occurred_at) index, session by session.
 * Oldest first, keyset on (time, session, lot); times to the microsecond so a page ends exactly.
 */
import type { Knex } from '@lp/runtime';

type Input = {
  lotNumber: number | null;
  times: number;
  days: number;
  since: string;
  until: string;
  after: { at: string; sessionId: string; lotNumber: number } | null;
  limit: number;
};

const LOT_PATH = '^/lots/([1-9][0-9]{0,3})/{0,1}$';

export async function listLotViewCrossings(knex: Knex, input: Input) {
  // An integer 1–90 (checked by the request's schema), written in: a window frame's offset is no parameter.
  const days = Math.trunc(input.days);
  const lot = input.lotNumber === null ? '' : 'and v.lot = ?::int';
  const after = input.after ? 'and (c.at, c.session_id, c.lot) > (?::timestamptz, ?::text, ?::int)' : '';
  const { rows } = await knex.raw<{ rows: { at: string; session_id: string; lot: number }[] }>(
    `with leads as (
       select distinct session_id from analytics.submissions where session_id is not null
     ), v as (
       select p.session_id, p.occurred_at as at, substring(p.path from ?)::int as lot
         from leads l
         join analytics.page_views p on p.session_id = l.session_id
        where p.occurred_at > ?::timestamptz - ?::int * interval '1 day' and p.occurred_at <= ?::timestamptz
          and p.path ~ ?
     ), c as (
       select v.session_id, v.lot, v.at,
              count(*) over (partition by v.session_id, v.lot order by v.at
                             range between interval '${days} days' preceding and current row) as n,
              count(*) over (partition by v.session_id, v.lot, v.at) as same
         from v
        where true ${lot}
     )
     select distinct to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, c.at as sort_at,
            c.session_id, c.lot
       from c
      where c.n >= ? and c.n - c.same < ? and c.at >= ?::timestamptz ${after}
      order by sort_at, c.session_id, c.lot
      limit ?`,
    [
      LOT_PATH,
      input.since,
      input.days,
      input.until,
      LOT_PATH,
      ...(input.lotNumber === null ? [] : [input.lotNumber]),
      input.times,
      input.times,
      input.since,
      ...(input.after ? [input.after.at, input.after.sessionId, input.after.lotNumber] : []),
      input.limit,
    ],
  );
  return { crossings: rows.map((r) => ({ at: r.at, sessionId: r.session_id, lotNumber: Number(r.lot) })) };
}
