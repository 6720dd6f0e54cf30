/**
 * The visit each lead converted in: its session's latest visit started at or before the
 * submission (its day, source and campaign), and the campaign of its latest visit from an
 * e-mail before converting. A lead with no such visit has `visit: null` (unattributed).
 * Index lookups by session id.
 */
import { EMAIL_UTM_MEDIUM } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Lead = { sessionId: string; submittedAt: string };
export type ConvertingVisit = {
  /** session id + start: one visit. */
  key: string;
  day: string;
  /** utm_source, else the referrer's host, else '' (direct), as the `source` roll-up. */
  source: string;
  utmCampaign: string | null;
  utmMedium: string | null;
};
export type LeadVisit = { visit: ConvertingVisit | null; emailCampaign: string | null };

/** A lead (session, time) with its converting visit's columns, null without one. */
type Row = {
  session_id: string;
  at: Date;
  started_at: Date | null;
  day: string | null;
  source: string;
  utm_campaign: string | null;
  utm_medium: string | null;
  email_campaign: string | null;
};

export async function readConvertingVisits(knex: Knex, leads: readonly Lead[]): Promise<LeadVisit[]> {
  if (leads.length === 0) return [];
  const json = JSON.stringify(leads.map((l) => ({ session_id: l.sessionId, at: l.submittedAt })));
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `with l as (select distinct * from json_to_recordset(?::json) as l(session_id text, at timestamptz))
     select l.session_id, l.at, v.started_at, v.day::text as day,
       coalesce(v.utm_source, v.referrer_host, '') as source, v.utm_campaign, v.utm_medium,
       (select e.utm_campaign from analytics.visits e
        where e.session_id = l.session_id and e.started_at <= l.at and e.utm_medium = ? and e.utm_campaign is not null
        order by e.started_at desc limit 1) as email_campaign
     from l
     left join lateral (
       select * from analytics.visits v where v.session_id = l.session_id and v.started_at <= l.at
       order by v.started_at desc limit 1
     ) v on true`,
    [json, EMAIL_UTM_MEDIUM],
  );
  const found = new Map(rows.map((r) => [`${r.session_id}|${r.at.toISOString()}`, r]));
  return leads.map((lead) => {
    const r = found.get(`${lead.sessionId}|${new Date(lead.submittedAt).toISOString()}`);
    const startedAt = r?.started_at;
    return {
      visit:
        r && startedAt && r.day !== null
          ? {
              key: `${lead.sessionId}|${startedAt.toISOString()}`,
              day: r.day,
              source: r.source,
              utmCampaign: r.utm_campaign,
              utmMedium: r.utm_medium,
            }
          : null,
      emailCampaign: r?.email_campaign ?? null,
    };
  });
}
