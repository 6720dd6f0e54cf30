/**
 * Lead attribution: for each lead (session id + when it converted), the visitor's first visit
 * (first touch: source, UTM, landing page), the visits started before converting, and the
 * page views before converting with their paths (the first 20), and the e-mail campaign of its
 * latest visit from an e-mail before converting. Index lookups by session id.
 */
import { EMAIL_UTM_MEDIUM, type LeadAttribution } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Lead = { sessionId: string; submittedAt: string };

/** A lead (session, time) with its first visit's columns (null without one) and its counts before converting. */
type Row = {
  session_id: string;
  at: Date;
  first_at: Date | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  entry_path: string | null;
  email_campaign: string | null;
  visits: number;
  pageviews: number;
  pages: string[];
};

export async function readAttribution(knex: Knex, leads: readonly Lead[]): Promise<LeadAttribution[]> {
  if (leads.length === 0) return [];
  const json = JSON.stringify(leads.map((l) => ({ session_id: l.sessionId, at: l.submittedAt })));
  const { rows } = await knex.raw<{ rows: Row[] }>(
    `with l as (select distinct * from json_to_recordset(?::json) as l(session_id text, at timestamptz))
     select l.session_id, l.at,
       f.started_at as first_at, f.referrer_host, f.utm_source, f.utm_medium, f.utm_campaign, f.entry_path,
       (select v.utm_campaign from analytics.visits v
        where v.session_id = l.session_id and v.started_at <= l.at and v.utm_medium = ? and v.utm_campaign is not null
        order by v.started_at desc limit 1) as email_campaign,
       (select count(*) from analytics.visits v where v.session_id = l.session_id and v.started_at <= l.at)::int as visits,
       (select count(*) from analytics.page_views p where p.session_id = l.session_id and p.occurred_at <= l.at)::int as pageviews,
       (select coalesce(array_agg(path order by occurred_at), '{}') from (
          select path, occurred_at from analytics.page_views p
          where p.session_id = l.session_id and p.occurred_at <= l.at order by occurred_at limit 20) x) as pages
     from l
     left join lateral (
       select * from analytics.visits v where v.session_id = l.session_id order by v.started_at limit 1
     ) f on true`,
    [json, EMAIL_UTM_MEDIUM],
  );
  const found = new Map(rows.map((r) => [`${r.session_id}|${r.at.toISOString()}`, r]));
  return leads.map((lead) => {
    const r = found.get(`${lead.sessionId}|${new Date(lead.submittedAt).toISOString()}`);
    const firstAt = r?.first_at;
    return {
      sessionId: lead.sessionId,
      firstTouch:
        r && firstAt
          ? {
              at: firstAt.toISOString(),
              source: r.utm_source ?? r.referrer_host ?? '',
              referrerHost: r.referrer_host,
              utmSource: r.utm_source,
              utmMedium: r.utm_medium,
              utmCampaign: r.utm_campaign,
              landingPage: r.entry_path,
            }
          : null,
      emailCampaign: r?.email_campaign ?? null,
      visits: r?.visits ?? 0,
      pageviews: r?.pageviews ?? 0,
      pages: r?.pages ?? [],
    };
  });
}
