/**
 * Interest per lot from the raw tables, in [from, to): page views of each lot's page
 * (`/lots/{number}`) and clicks on it in the map (the `lot_click` event, labelled with the
 * lot number). Both scans are bounded by `occurred_at` (BRIN).
 */
import { LOT_CLICK_EVENT } from '@lp/contracts';
import type { Knex } from '@lp/runtime';

type Counts = { lots: { number: number; pageViews: number; mapClicks: number }[] };

export async function countLotViews(knex: Knex, range: { from: string; to: string }): Promise<Counts> {
  const [views, clicks] = await Promise.all([
    knex.raw<{ rows: { n: string; c: string }[] }>(
      `select substring(path from '^/lots/([1-9][0-9]{0,3})/{0,1}$') as n, count(*) as c
         from analytics.page_views
        where occurred_at >= ? and occurred_at < ? and path ~ '^/lots/[1-9][0-9]{0,3}/{0,1}$'
        group by 1`,
      [range.from, range.to],
    ),
    knex.raw<{ rows: { n: string; c: string }[] }>(
      `select label as n, count(*) as c
         from analytics.events
        where occurred_at >= ? and occurred_at < ? and name = ? and label ~ '^[1-9][0-9]{0,3}$'
        group by 1`,
      [range.from, range.to, LOT_CLICK_EVENT.name],
    ),
  ]);
  const byLot = new Map<number, { number: number; pageViews: number; mapClicks: number }>();
  const row = (n: number) => byLot.get(n) ?? byLot.set(n, { number: n, pageViews: 0, mapClicks: 0 }).get(n)!;
  for (const r of views.rows) row(Number(r.n)).pageViews += Number(r.c);
  for (const r of clicks.rows) row(Number(r.n)).mapClicks += Number(r.c);
  return { lots: [...byLot.values()].sort((a, b) => a.number - b.number) };
}
