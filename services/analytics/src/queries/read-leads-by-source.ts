/**
 * Leads by source and campaign over a period (the leads submitted on its days, site time zone).
 * Each lead counts under the visit it converted in (read-converting-visits.ts); a lead without
 * a tracked visit counts as unattributed, never under a source. Visits per source and campaign
 * come from the roll-ups; the conversion rate is converting visits ÷ those visits, where a
 * converting visit is one started in the range with at least one lead, so it never exceeds 100%.
 * Leads that an e-mail brought also count under that e-mail's campaign (`emailCampaigns`),
 * whatever visit they converted in; that row's converting visits are its own visits that converted.
 */
import {
  DEFAULT_SITE_TIME_ZONE,
  EMAIL_UTM_MEDIUM,
  siteDayOf,
  type LeadsBySource,
  type SitePeriod,
  type LeadSourceRow,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { readConvertingVisits, type ConvertingVisit, type LeadVisit } from './read-converting-visits.ts';

type Lead = { sessionId: string; submittedAt: string };
type Tally = { leads: number; converting: Set<string> };

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * Math.min(part, whole)) / whole) / 10 : 0);

export async function readLeadsBySource(
  knex: Knex,
  period: SitePeriod,
  leads: readonly Lead[],
  timeZone: string = DEFAULT_SITE_TIME_ZONE,
  /** Submission times of leads sent without a tracker session id. */
  untracked: readonly string[] = [],
): Promise<LeadsBySource> {
  const { from, to } = period;
  const inDays = (at: string) => {
    const d = siteDayOf(new Date(at), timeZone);
    return d >= from && d <= to;
  };
  const inRange = leads.filter((l) => inDays(l.submittedAt));
  const [converted, visits] = await Promise.all([
    readConvertingVisits(knex, inRange),
    knex.raw<{ rows: { dimension: string; value: string; visits: number }[] }>(
      `select dimension, value, sum(visits)::int as visits from analytics.daily_breakdowns
       where day between ?::date and ?::date and dimension in ('source', 'utm_campaign')
       group by dimension, value`,
      [from, to],
    ),
  ]);
  const visitsBy = (dimension: 'source' | 'utm_campaign') =>
    new Map(visits.rows.filter((r) => r.dimension === dimension).map((r) => [r.value, r.visits]));
  const inRangeVisit = (v: ConvertingVisit) => v.day >= from && v.day <= to;

  /** `keyOf` names the row of a lead (null: none); `converts` says whether its visit counts as that row's. */
  const rowsFor = (
    dimension: 'source' | 'utm_campaign',
    keyOf: (l: LeadVisit) => string | null,
    converts: (v: ConvertingVisit, key: string) => boolean,
  ): LeadSourceRow[] => {
    const tallies = new Map<string, Tally>();
    for (const l of converted) {
      const key = keyOf(l);
      if (key === null) continue;
      let t = tallies.get(key);
      if (!t) tallies.set(key, (t = { leads: 0, converting: new Set() }));
      t.leads++;
      if (l.visit && inRangeVisit(l.visit) && converts(l.visit, key)) t.converting.add(l.visit.key);
    }
    const visitsOf = visitsBy(dimension);
    return [...tallies]
      .map(([value, t]) => {
        const n = visitsOf.get(value) ?? 0;
        // A converting visit started in the range is one of the roll-ups' visits (both are written
        // in one transaction); only a day re-aggregated after its raw hits expired could differ.
        const convertingVisits = Math.min(t.converting.size, n);
        return { value, leads: t.leads, visits: n, convertingVisits, conversionRate: rate(convertingVisits, n) };
      })
      .sort((a, b) => b.leads - a.leads || a.value.localeCompare(b.value));
  };

  return {
    ...period,
    sources: rowsFor(
      'source',
      (l) => l.visit?.source ?? null,
      () => true,
    ),
    campaigns: rowsFor(
      'utm_campaign',
      (l) => l.visit?.utmCampaign ?? null,
      () => true,
    ),
    emailCampaigns: rowsFor(
      'utm_campaign',
      (l) => l.emailCampaign,
      (v, campaign) => v.utmMedium === EMAIL_UTM_MEDIUM && v.utmCampaign === campaign,
    ),
    unattributed: converted.filter((l) => l.visit === null).length + untracked.filter(inDays).length,
  };
}
