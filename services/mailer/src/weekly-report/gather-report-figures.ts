/**
 * The figures of one weekly report, asked of their owners over the bus (the mailer reads no other
 * service's tables): analytics for visits, visitors, page views and the top sources of both weeks
 * (`rpc.analytics.web-analytics.get` with custom days) and for the leads (`leads-by-source`) and
 * page views and map clicks per lot (`lot-views`); crm for the leads naming each lot (`lot-leads`).
 * Any owner that does not answer fails the whole gathering (the caller tries again on its next
 * tick): a report is sent whole or not at all.
 */
import { RPC, WEEKLY_REPORT_TOP_N, type LeadsBySource, type SitePeriod } from '@lp/contracts';
import { callRpc, type ServiceDeps } from '@lp/runtime';
import { reportPeriods, wallTimeToInstant } from './schedule.ts';

/** A figure this week and the week before. */
export type Change = { now: number; before: number };

export type ReportSource = { source: string; visits: Change; leads: number };
export type ReportLot = { number: number; leads: Change; mapClicks: Change; pageViews: Change };

export type WeeklyReportFigures = {
  period: SitePeriod;
  previous: SitePeriod;
  visits: Change;
  visitors: Change;
  pageviews: Change;
  leads: Change;
  /** The week's top sources by visits, most first. */
  sources: ReportSource[];
  /** The lots that drew the most interest this week: most leads, then map clicks, then page views. */
  lots: ReportLot[];
};

const leadsOf = (l: LeadsBySource) => l.sources.reduce((n, s) => n + s.leads, 0) + l.unattributed;

/** Lot interest counts instants: a period's days from its first midnight to the midnight after its last day. */
const instants = (p: SitePeriod, timeZone: string) => ({
  from: wallTimeToInstant(p.from, 0, timeZone).toISOString(),
  to: wallTimeToInstant(p.to, 24, timeZone).toISOString(),
});

export async function gatherReportFigures(
  { bus, log }: Pick<ServiceDeps, 'bus' | 'log'>,
  slotDay: string,
  timeZone: string,
): Promise<WeeklyReportFigures> {
  const { current, previous } = reportPeriods(slotDay);
  const opts = { log };
  const week = (p: SitePeriod) => ({ from: p.from, to: p.to });
  const [web, webBefore, leads, leadsBefore, views, viewsBefore, lotLeads, lotLeadsBefore] = await Promise.all([
    callRpc(bus, RPC.analytics.webAnalytics, { ...week(current), compare: 'previous' }, opts),
    callRpc(bus, RPC.analytics.webAnalytics, { ...week(previous), compare: 'previous' }, opts),
    callRpc(bus, RPC.analytics.leadsBySource, week(current), opts),
    callRpc(bus, RPC.analytics.leadsBySource, week(previous), opts),
    callRpc(bus, RPC.analytics.lotViews, instants(current, timeZone), opts),
    callRpc(bus, RPC.analytics.lotViews, instants(previous, timeZone), opts),
    callRpc(bus, RPC.crm.lotLeads, instants(current, timeZone), opts),
    callRpc(bus, RPC.crm.lotLeads, instants(previous, timeZone), opts),
  ]);

  // A source of this week's top that was not in last week's top 10 is asked for by itself.
  const top = web.top.sources.slice(0, WEEKLY_REPORT_TOP_N);
  const visitsBefore = new Map(webBefore.top.sources.map((s) => [s.value, s.visits]));
  await Promise.all(
    top
      .filter((s) => !visitsBefore.has(s.value))
      .map(async (s) => {
        const one = await callRpc(
          bus,
          RPC.analytics.webAnalytics,
          { ...week(previous), filters: { source: s.value } },
          opts,
        );
        visitsBefore.set(s.value, one.totalVisits);
      }),
  );
  const sourceLeads = new Map(leads.sources.map((s) => [s.value, s.leads]));

  type Tally = { leads: number; mapClicks: number; pageViews: number };
  const tally = (v: typeof views, l: typeof lotLeads) => {
    const byLot = new Map<number, Tally>();
    const row = (n: number) => byLot.get(n) ?? byLot.set(n, { leads: 0, mapClicks: 0, pageViews: 0 }).get(n)!;
    for (const x of v.lots) Object.assign(row(x.number), { mapClicks: x.mapClicks, pageViews: x.pageViews });
    for (const x of l.lots) row(x.number).leads = x.leads;
    return byLot;
  };
  const lotsNow = tally(views, lotLeads);
  const lotsBefore = tally(viewsBefore, lotLeadsBefore);
  const none: Tally = { leads: 0, mapClicks: 0, pageViews: 0 };
  const lots = [...lotsNow]
    .sort(([an, a], [bn, b]) => b.leads - a.leads || b.mapClicks - a.mapClicks || b.pageViews - a.pageViews || an - bn)
    .slice(0, WEEKLY_REPORT_TOP_N)
    .map(([number, t]) => {
      const b = lotsBefore.get(number) ?? none;
      return {
        number,
        leads: { now: t.leads, before: b.leads },
        mapClicks: { now: t.mapClicks, before: b.mapClicks },
        pageViews: { now: t.pageViews, before: b.pageViews },
      };
    });

  return {
    period: current,
    previous,
    visits: { now: web.totalVisits, before: web.previous.totalVisits },
    visitors: { now: web.uniqueVisitors, before: web.previous.uniqueVisitors },
    pageviews: { now: web.pageviews, before: web.previous.pageviews },
    leads: { now: leadsOf(leads), before: leadsOf(leadsBefore) },
    sources: top.map((s) => ({
      source: s.value,
      visits: { now: s.visits, before: visitsBefore.get(s.value) ?? 0 },
      leads: sourceLeads.get(s.value) ?? 0,
    })),
    lots,
  };
}
