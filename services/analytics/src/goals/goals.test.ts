/**
 * Goals and funnels on PGlite with the service's migrations, against figures worked out by hand
 * from a handful of visits: a page goal by the visit's pages (a prefix too), an event goal by an
 * event within the visit, rates over the period's visitors, the sources that convert best; a
 * funnel's steps in order within one visit, under a filter; and the goals' own rules (a name
 * taken in any letter case, a deleted goal in a funnel).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventMeta, periodOf, type EventHit, type Goal } from '@lp/contracts';
import type { Database } from '@lp/runtime';
import { openAnalyticsTestDb, pageView as pv } from '../testing/analytics-test-db.ts';
import { recordEvents, recordPageViews } from '../visits/record-hits.ts';
import { refreshRollups } from '../visits/refresh-rollups.ts';
import { deleteGoal, goalsByIds, insertGoal, listGoals, updateGoal } from './goal-rows.ts';
import { readFunnel } from './read-funnel.ts';
import { readGoalReport } from './read-goal-report.ts';

const NOW = new Date('2026-11-25T20:00:00-07:00');
const at = (daysAgo: number, minutes: number) =>
  new Date(NOW.getTime() - daysAgo * 86_400_000 + minutes * 60_000).toISOString();
const GOOGLE = 'https://www.google.com/search?q=lake+powell+lots';
const sent = (sessionId: string, when: string): EventHit => ({
  at: when,
  sessionId,
  name: 'form_submitted',
  category: 'submission',
  action: 'submit',
  label: 'contact',
  value: null,
  path: '/contact',
  properties: null,
});
const WEEK = periodOf({ days: 7 }, NOW);

describe('goals and funnels', () => {
  let db: Database;
  let lots: Goal;
  let contact: Goal;
  let home: Goal;
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        // ann from Google: home, a lot, then the form.
        pv('ann', at(2, 0), { referrer: GOOGLE }),
        pv('ann', at(2, 1), { path: '/lots/7' }),
        // bob from Google: a lot page only.
        pv('bob', at(3, 0), { path: '/lots/12', referrer: GOOGLE }),
        // cat from the newsletter: the contact page first, then a lot, then the form.
        pv('cat', at(4, 0), { path: '/contact', utmSource: 'newsletter' }),
        pv('cat', at(4, 1), { path: '/lots/7' }),
        // dan directly: home, then a lot, no form.
        pv('dan', at(1, 0), { path: '/' }),
        pv('dan', at(1, 5), { path: '/lots/9' }),
        // eve ten days ago: outside the last 7 days.
        pv('eve', at(10, 0), { path: '/lots/7', referrer: GOOGLE }),
      ],
    });
    await recordEvents(db.knex, {
      ...eventMeta(),
      hits: [sent('ann', at(2, 2)), sent('cat', at(4, 2)), sent('eve', at(10, 1))],
    });
    lots = await insertGoal(db.knex, { name: 'Saw a lot', kind: 'page', value: '/lots/*' });
    contact = await insertGoal(db.knex, { name: 'Sent the form', kind: 'event', value: 'form_submitted' });
    home = await insertGoal(db.knex, { name: 'Home page', kind: 'page', value: '/' });
  }, 60_000);
  afterAll(() => db?.close());

  it('counts each goal over the period: conversions, the rate over its visitors, the sources that convert best', async () => {
    const report = await readGoalReport(db.knex, await listGoals(db.knex), WEEK, {});
    expect(report).toMatchObject({ from: '2026-11-19', to: '2026-11-25', days: 7, visitors: 4 });
    const [a, b, c] = report.goals;
    expect(a).toMatchObject({ name: 'Saw a lot', conversions: 4, visitors: 4, conversionRate: 100 });
    expect(a!.sources).toEqual([
      { value: 'google.com', visits: 2, conversions: 2, conversionRate: 100 },
      { value: '', visits: 1, conversions: 1, conversionRate: 100 },
      { value: 'newsletter', visits: 1, conversions: 1, conversionRate: 100 },
    ]);
    // eve's form ten days ago is outside the period.
    expect(b).toMatchObject({ name: 'Sent the form', conversions: 2, visitors: 2, conversionRate: 50 });
    expect(b!.sources).toEqual([
      { value: 'newsletter', visits: 1, conversions: 1, conversionRate: 100 },
      { value: 'google.com', visits: 2, conversions: 1, conversionRate: 50 },
    ]);
    expect(c).toMatchObject({ name: 'Home page', conversions: 2, visitors: 2, conversionRate: 50 });

    const google = await readGoalReport(db.knex, [contact], WEEK, { source: 'google.com' });
    expect(google).toMatchObject({ visitors: 2, filters: { source: 'google.com' } });
    expect(google.goals[0]).toMatchObject({ conversions: 1, conversionRate: 50 });
  });

  it('follows a funnel step by step within a visit, in order, under a filter', async () => {
    const steps = (f: Awaited<ReturnType<typeof readFunnel>>) =>
      f.steps.map((s) => [s.name, s.visitors, s.dropOff, s.conversionRate]);
    expect(steps(await readFunnel(db.knex, [home, lots, contact], WEEK, {}))).toEqual([
      ['Home page', 2, 0, 100],
      ['Saw a lot', 2, 0, 100],
      ['Sent the form', 1, 1, 50],
    ]);
    // A lot and then the home page: nobody went that way (ann saw the home page first).
    expect(steps(await readFunnel(db.knex, [lots, home], WEEK, {}))).toEqual([
      ['Saw a lot', 4, 0, 100],
      ['Home page', 0, 4, 0],
    ]);
    const google = await readFunnel(db.knex, [lots, contact], WEEK, { source: 'google.com' });
    expect(google.visitors).toBe(2);
    expect(steps(google)).toEqual([
      ['Saw a lot', 2, 0, 100],
      ['Sent the form', 1, 1, 50],
    ]);
    // The month before: eve's lot page, then her form.
    const before = await readFunnel(db.knex, [lots, contact], periodOf({ from: '2026-11-15', to: '2026-11-15' }), {});
    expect(steps(before)).toEqual([
      ['Saw a lot', 1, 0, 100],
      ['Sent the form', 1, 0, 100],
    ]);
  });

  it("keeps a goal's and a funnel's days, and counts a conversion stored since on the next view", async () => {
    const report = async () => (await readGoalReport(db.knex, [contact], WEEK, {})).goals[0];
    const funnel = async () => (await readFunnel(db.knex, [lots, contact], WEEK, {})).steps.map((s) => s.visitors);
    const keptRows = async () =>
      (
        await db.knex.raw<{ rows: { day: string; xmin: string }[] }>(
          `select day::text as day, xmin::text as xmin from analytics.goal_days
           union all select day::text, xmin::text from analytics.funnel_days order by 1, 2`,
        )
      ).rows;
    expect(await report()).toMatchObject({ conversions: 2, visitors: 2 });
    expect(await funnel()).toEqual([4, 2]);
    const kept = await keptRows();
    expect(kept.length).toBeGreaterThan(0);
    expect(await report()).toMatchObject({ conversions: 2, visitors: 2 });
    expect(await funnel()).toEqual([4, 2]);
    expect(await keptRows()).toEqual(kept);

    // dan, a day ago, sends the form after all, two minutes after his lot page.
    await recordEvents(db.knex, { ...eventMeta(), hits: [sent('dan', at(1, 7))] });
    expect(await report()).toMatchObject({ conversions: 3, visitors: 3 });
    expect((await report())!.sources.map((s) => [s.value, s.conversions])).toContainEqual(['', 1]);
    expect(await funnel()).toEqual([4, 3]);
  });

  it('counts a form sent in the millisecond of the page view as after it, and one page view as one step only', async () => {
    // 20 days ago: 5 November at 20:00 in Phoenix, a day of its own.
    const when = at(20, 0);
    const day = '2026-11-05';
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pv('gus', when, { path: '/lots/7' })] });
    await recordEvents(db.knex, { ...eventMeta(), hits: [sent('gus', when)] });
    const period = periodOf({ from: day, to: day });
    const steps = async (goals: Goal[]) => (await readFunnel(db.knex, goals, period, {})).steps.map((s) => s.visitors);
    expect(await steps([lots, contact])).toEqual([1, 1]);
    // The form and then a lot page: the page view of that instant comes first, so not after it.
    expect(await steps([contact, lots])).toEqual([1, 0]);
    const seven = await insertGoal(db.knex, { name: 'Lot 7', kind: 'page', value: '/lots/7' });
    expect(await steps([lots, seven])).toEqual([1, 0]);
    await deleteGoal(db.knex, seven.id);
  });

  it('keeps names unique in any letter case, and says which step of a funnel is gone', async () => {
    await expect(insertGoal(db.knex, { name: 'saw a LOT', kind: 'page', value: '/lots' })).rejects.toMatchObject({
      status: 409,
      details: { fields: { name: ['A goal named saw a LOT already exists'] } },
    });
    const gone = await insertGoal(db.knex, { name: 'Blog', kind: 'page', value: '/blog/*' });
    expect(await deleteGoal(db.knex, gone.id)).toBe(true);
    expect(await deleteGoal(db.knex, gone.id)).toBe(false);
    await expect(goalsByIds(db.knex, [lots.id, gone.id])).rejects.toMatchObject({ status: 404 });
    expect((await listGoals(db.knex)).map((g) => g.name)).toEqual(['Saw a lot', 'Sent the form', 'Home page']);
  });

  it('edits a goal at the version it was opened at, and refuses a stale copy, a taken name and a goal gone', async () => {
    const blog = await insertGoal(db.knex, { name: 'Read the blog', kind: 'page', value: '/blog' });
    expect(blog.version).toBe(1);
    const edited = await updateGoal(db.knex, blog.id, {
      name: 'Read a post',
      kind: 'page',
      value: '/blog/*',
      version: 1,
    });
    expect(edited).toMatchObject({ id: blog.id, name: 'Read a post', value: '/blog/*', version: 2 });
    // Edited again from the saved copy.
    expect(
      await updateGoal(db.knex, blog.id, { name: 'Read a post', kind: 'event', value: 'post_read', version: 2 }),
    ).toMatchObject({ kind: 'event', value: 'post_read', version: 3 });
    await expect(
      updateGoal(db.knex, blog.id, { name: 'Stale', kind: 'page', value: '/x', version: 2 }),
    ).rejects.toMatchObject({ status: 409, message: 'This goal was changed since you opened it' });
    await expect(
      updateGoal(db.knex, blog.id, { name: 'SAW A LOT', kind: 'page', value: '/x', version: 3 }),
    ).rejects.toMatchObject({ status: 409, details: { fields: { name: ['A goal named SAW A LOT already exists'] } } });
    // Its own name in other letters is no clash.
    expect(
      await updateGoal(db.knex, blog.id, { name: 'READ A POST', kind: 'event', value: 'post_read', version: 3 }),
    ).toMatchObject({ name: 'READ A POST', version: 4 });
    await deleteGoal(db.knex, blog.id);
    await expect(
      updateGoal(db.knex, blog.id, { name: 'Gone', kind: 'page', value: '/x', version: 4 }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('the last day of a period, kept by the hour: a page view works out its hour again, not the day', () => {
  let db: Database;
  let lots: Goal;
  let form: Goal;
  const TODAY = '2026-11-25';
  const tomorrow = new Date(NOW.getTime() + 86_400_000);
  // hal at 15:05 today, ian at 19:10: two hours of today; kim two days ago.
  const HAL = at(0, -295);
  const IAN = at(0, -50);
  beforeAll(async () => {
    db = await openAnalyticsTestDb();
    await recordPageViews(db.knex, {
      ...eventMeta(),
      hits: [
        pv('kim', at(2, 0), { path: '/lots/3' }),
        pv('hal', HAL, { path: '/lots/7', referrer: GOOGLE }),
        pv('ian', IAN, { path: '/' }),
      ],
    });
    lots = await insertGoal(db.knex, { name: 'Saw a lot', kind: 'page', value: '/lots/*' });
    form = await insertGoal(db.knex, { name: 'Sent the form', kind: 'event', value: 'form_submitted' });
  }, 60_000);
  afterAll(() => db?.close());

  const answer = async (now = NOW) => {
    const period = periodOf({ days: 7 }, now);
    const report = await readGoalReport(db.knex, [lots, form], period, {});
    const funnel = await readFunnel(db.knex, [lots, form], period, {});
    return {
      goals: report.goals.map((g) => [g.conversions, g.visitors, g.sources.map((s) => [s.value, s.conversions])]),
      funnel: funnel.steps.map((s) => s.visitors),
    };
  };
  /** What the same view says worked out from nothing (every kept day forgotten). */
  const afresh = async (now = NOW) => {
    await db.knex.raw('delete from analytics.kept_views');
    return answer(now);
  };
  const keptToday = async () =>
    (
      await db.knex.raw<{ rows: { kind: string; view: number; hour: number; xmin: string }[] }>(
        `select 'goal' as kind, kept_view as view, hour, xmin::text as xmin from analytics.goal_days where day = ?::date
         union all select 'funnel', kept_view, hour, xmin::text from analytics.funnel_days where day = ?::date
         order by 1, 2, 3`,
        [TODAY, TODAY],
      )
    ).rows;
  const hourOfVisit = (iso: string) => Math.floor(new Date(iso).getTime() / 3_600_000);

  it('keeps today an hour a row and works out only the hour a page view changed', async () => {
    const first = await answer();
    expect(first).toEqual({
      goals: [
        // hal from Google converted in his one visit, kim in one of the two direct visits.
        [
          2,
          2,
          [
            ['google.com', 1],
            ['', 1],
          ],
        ],
        [0, 0, []],
      ],
      funnel: [2, 0],
    });
    const kept = await keptToday();
    // Two goals and a funnel, each with today's two hours (15:00 and 19:00), no whole-day row.
    expect(kept.map((r) => r.hour)).toEqual(
      Array.from({ length: 3 }, () => [hourOfVisit(HAL), hourOfVisit(IAN)]).flat(),
    );
    expect(await answer()).toEqual(first);
    expect(await keptToday()).toEqual(kept);

    // ian goes on to a lot and sends the form: his hour is worked out again, hal's is kept.
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pv('ian', at(0, -48), { path: '/lots/9' })] });
    await recordEvents(db.knex, { ...eventMeta(), hits: [sent('ian', at(0, -47))] });
    const second = await answer();
    expect(second).toEqual({
      goals: [
        [
          3,
          3,
          [
            ['', 2],
            ['google.com', 1],
          ],
        ],
        [1, 1, [['', 1]]],
      ],
      funnel: [3, 1],
    });
    const now = await keptToday();
    const xminOf = (rows: typeof kept, hour: number) => rows.filter((r) => r.hour === hour).map((r) => r.xmin);
    expect(xminOf(now, hourOfVisit(HAL))).toEqual(xminOf(kept, hourOfVisit(HAL)));
    for (const [i, x] of xminOf(now, hourOfVisit(IAN)).entries()) expect(x).not.toBe(xminOf(kept, hourOfVisit(IAN))[i]);
    expect(await afresh()).toEqual(second);
  });

  it('works a day out whole once it is no longer the last, and by the hour again when it changes as the last', async () => {
    const today = await answer();
    // Tomorrow's week: today is worked out whole, to the same figures as its hours said.
    const nextWeek = await answer(tomorrow);
    expect(nextWeek).toEqual(today);
    expect((await keptToday()).map((r) => r.hour)).toEqual([-1, -1, -1]);
    expect(await afresh(tomorrow)).toEqual(nextWeek);

    // Today's week again: the whole row is current and serves as it is.
    await answer(tomorrow);
    const whole = await keptToday();
    expect(await answer()).toEqual(today);
    expect(await keptToday()).toEqual(whole);

    // A page view today (17:50): today goes by the hour again (its whole row gone), with the new visit's hour.
    await recordPageViews(db.knex, { ...eventMeta(), hits: [pv('joe', at(0, -130), { path: '/lots/2' })] });
    const after = await answer();
    expect(after.goals[0]![0]).toBe(4);
    expect(after.funnel).toEqual([4, 1]);
    const hours = [...new Set((await keptToday()).map((r) => r.hour))];
    expect(hours).toEqual([hourOfVisit(HAL), hourOfVisit(at(0, -130)), hourOfVisit(IAN)]);
    expect(await afresh()).toEqual(after);
  });

  it('works every hour of a refreshed day out again, to the same answer', async () => {
    const before = await answer();
    const kept = await keptToday();
    await refreshRollups(db.knex, TODAY, TODAY);
    expect(await answer()).toEqual(before);
    const now = await keptToday();
    expect(now.map((r) => r.hour)).toEqual(kept.map((r) => r.hour));
    for (const [i, r] of now.entries()) expect(r.xmin).not.toBe(kept[i]!.xmin);
  });
});
