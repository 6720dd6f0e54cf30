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
