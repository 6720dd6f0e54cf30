/**
 * Lead attribution: for each lead (session id + when it converted), the visitor's first visit
 * (first touch: source, UTM, landing page), the visits started before converting, and the
 * page views before converting with their paths (the first 20), and the e-mail campaign of its
 * latest visit from an e-mail before converting. Index lookups by session id.
 */
import { EMAIL_UTM_MEDIUM, type LeadAttribution } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Lead = { sessionId: string; submittedAt: string };

export async function readAttribution(knex: Knex, leads: readonly Lead[]): Promise<LeadAttribution[]> {
  if (leads.length === 0) return [];
  const json = JSON.stringify(leads.map((l) => ({ session_id: l.sessionId, at: l.submittedAt })));
  const { rows } = await knex.raw<{ rows: Record<string, unknown>[] }>(
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
  const found = new Map(rows.map((r) => [`${String(r.session_id)}|${new Date(r.at as string).toISOString()}`, r]));
  return leads.map((lead) => {
    const r = found.get(`${lead.sessionId}|${new Date(lead.submittedAt).toISOString()}`);
    const firstAt = r?.first_at;
    return {
      sessionId: lead.sessionId,
      firstTouch:
        r && firstAt
          ? {
              at: new Date(firstAt as string).toISOString(),
              source: (r.utm_source ?? r.referrer_host ?? '') as string,
              referrerHost: (r.referrer_host as string | null) ?? null,
              utmSource: (r.utm_source as string | null) ?? null,
              utmMedium: (r.utm_medium as string | null) ?? null,
              utmCampaign: (r.utm_campaign as string | null) ?? null,
              landingPage: (r.entry_path as string | null) ?? null,
            }
          : null,
      emailCampaign: (r?.email_campaign as string | null | undefined) ?? null,
      visits: r ? Number(r.visits) : 0,
      pageviews: r ? Number(r.pageviews) : 0,
      pages: r ? (r.pages as string[]) : [],
    };
  });
}
