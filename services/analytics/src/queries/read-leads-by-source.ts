/**
 * Leads by first-touch source and campaign over a range: each lead counts under its visitor's
 * first visit's source and campaign; visits per source and campaign come from the roll-ups,
 * and the conversion rate is leads per 100 of those visits. Leads that an e-mail brought are also
 * counted under that e-mail's campaign (`emailCampaigns`), whatever their first touch was.
 */
import type { AnalyticsRange, LeadSourceRow, LeadsBySource } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { addDays, siteDayOf } from '../visits/site-day.ts';
import { readAttribution } from './read-attribution.ts';

type Lead = { sessionId: string; submittedAt: string };

export async function readLeadsBySource(
  knex: Knex,
  days: AnalyticsRange,
  leads: readonly Lead[],
  now: Date = new Date(),
): Promise<LeadsBySource> {
  const to = siteDayOf(now);
  const from = addDays(to, -(days - 1));
  const inRange = leads.filter((l) => {
    const d = siteDayOf(new Date(l.submittedAt));
    return d >= from && d <= to;
  });
  const [attributed, visits] = await Promise.all([
    readAttribution(knex, inRange),
    knex.raw<{ rows: { dimension: string; value: string; visits: number }[] }>(
      `select dimension, value, sum(visits)::int as visits from analytics.daily_breakdowns
       where day between ?::date and ?::date and dimension in ('source', 'utm_campaign')
       group by dimension, value`,
      [from, to],
    ),
  ]);
  const rowsFor = (dimension: 'source' | 'utm_campaign', keyOf: (a: (typeof attributed)[number]) => string | null) => {
    const leadsBy = new Map<string, number>();
    for (const a of attributed) {
      const key = keyOf(a);
      if (key !== null) leadsBy.set(key, (leadsBy.get(key) ?? 0) + 1);
    }
    const visitsBy = new Map(
      visits.rows.filter((r) => r.dimension === dimension).map((r) => [r.value, Number(r.visits)]),
    );
    const out: LeadSourceRow[] = [...leadsBy].map(([value, n]) => {
      const v = visitsBy.get(value) ?? 0;
      return { value, leads: n, visits: v, conversionRate: v > 0 ? Math.round((1000 * n) / v) / 10 : 0 };
    });
    return out.sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value));
  };
  return {
    days,
    sources: rowsFor('source', (a) => a.firstTouch?.source ?? ''),
    campaigns: rowsFor('utm_campaign', (a) => a.firstTouch?.utmCampaign ?? null),
    emailCampaigns: rowsFor('utm_campaign', (a) => a.emailCampaign),
  };
}
