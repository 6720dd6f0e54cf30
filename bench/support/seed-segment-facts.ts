/**
 * What the segment bench seeds beside crm for the conditions another service answers, each in
 * that service's own schema of the bench database (migrated as the service migrates itself):
 * - analytics: its copy of crm's form submissions (same event ids and session ids); two visits
 *   per lead session — the first 1–57 days before the form (2–6 pages, a utm_campaign on 3 in 8:
 *   `spring-lots`, `lake-view`, `builder-2026`), the second 20 minutes before it (2 pages, from a
 *   lot page half the time, to /contact; `spring-lots` on 1 in 6, a later touch the first-touch
 *   condition must not count) — and one visit of 1–4 pages for `rows / 5` anonymous visitors
 *   over the last 60 days; the page views of every visit (the entry page, then a lot page
 *   `/lots/1`–`/lots/30` half the time, one in ten of those with a trailing slash, else /market
 *   or /blog; a form's visit ends on /contact), in monthly partitions created as the service does,
 *   each visit's pages (path → views) and the lots each session viewed, as the service keeps them;
 * - mailer: three sent campaigns (45, 20 and 6 days ago) of about 200,000 subscribed contacts
 *   each (overlapping audiences), their deliveries, and opens and clicks: a privacy proxy's open
 *   (`is_proxy`, 2 s after sending) on 10% of the deliveries, a person's open on 20% (within 3
 *   days; a second one on an eighth of those), a click on 2.5% (people who opened), a link
 *   scanner's click on 1%; then each contact's last open and click, as the mailer keeps them;
 * - inventory: the thirty lots of the site plan (its migrations seed them; 25 available).
 * Every choice is a hash of an id, so each run writes the same facts.
 */
import { migrate, type Knex } from '@lp/runtime';
import { analyticsService } from '@lp/analytics';
import { ensureMonthPartitions, monthOf } from '@lp/analytics/queries/ensure-month-partitions';
import { inventoryService } from '@lp/inventory';
import { mailerService } from '@lp/mailer';
import { refreshContactEngagement } from '@lp/mailer/tracking/contact-engagement';

const DAY_MS = 86_400_000;
/** A stable non-negative hash of a text (SQL). */
const hashOf = (expr: string) => `(hashtext(${expr})::bigint + 2147483648)`;

/** A lot page (half the time), /market or /blog, for a page after the first (`h` a hash of the session and page). */
const innerPage = (h: string) => `case when ${h} % 4 = 0 then '/market' when ${h} % 4 = 1 then '/blog'
  else '/lots/' || (1 + (${h} / 4) % 30) || case when ${h} % 10 = 2 then '/' else '' end end`;

/** The visits of each lead session (analytics' copy of the submissions), then of anonymous visitors. */
const LEAD_VISITS_SQL = `
  insert into analytics.visits (session_id, started_at, last_at, last_real_at, day, pageviews, interactions,
    entry_path, utm_source, utm_medium, utm_campaign, device, browser)
  select s.session_id, v.at, v.at + (v.pages - 1) * interval '2 minutes', v.at + (v.pages - 1) * interval '2 minutes',
    (v.at at time zone ?)::date, v.pages, v.form, v.entry,
    case when v.campaign is not null then 'newsletter' end, case when v.campaign is not null then 'email' end,
    v.campaign, (array['desktop', 'mobile', 'mobile', 'tablet'])[1 + h % 4], (array['Chrome', 'Safari', 'Firefox'])[1 + h % 3]
  from analytics.submissions s, lateral (select ${hashOf('s.session_id')} as h) x,
    lateral (values
      (s.submitted_at - (1 + h % 57) * interval '1 day' - (h % 7200) * interval '1 second', 2 + (h / 8) % 5,
       (array['/', '/lot-map', '/lots/' || (1 + h % 30)])[1 + h % 3],
       (array['spring-lots', 'lake-view', 'builder-2026'])[1 + h % 8], 0),
      (s.submitted_at - interval '20 minutes', 2, case when h % 2 = 0 then '/lots/' || (1 + (h / 3) % 30) else '/' end,
       case when h % 6 = 5 then 'spring-lots' end, 1)) v(at, pages, entry, campaign, form)`;

const VISITOR_VISITS_SQL = `
  insert into analytics.visits (session_id, started_at, last_at, last_real_at, day, pageviews, interactions,
    entry_path, utm_source, utm_medium, utm_campaign, device, browser)
  select sid, at, at + (pages - 1) * interval '2 minutes', at + (pages - 1) * interval '2 minutes',
    (at at time zone ?)::date, pages, 0, (array['/', '/lot-map', '/blog', '/lots/' || (1 + h % 30)])[1 + h % 4],
    case when h % 4 = 0 then 'facebook' end, case when h % 4 = 0 then 'social' end,
    case when h % 4 = 0 then (array['spring-lots', 'lake-view', 'open-house'])[1 + (h / 4) % 3] end,
    (array['desktop', 'mobile', 'mobile', 'tablet'])[1 + h % 4], (array['Chrome', 'Safari', 'Firefox'])[1 + h % 3]
  from generate_series(?::int, ?::int) k, lateral (select md5('visitor-' || k) as sid) i,
    lateral (select ${hashOf('sid')} as h) x,
    lateral (select now() - (h % 60) * interval '1 day' - (h % 86400) * interval '1 second' as at,
      1 + (h / 8) % 4 as pages) v`;

/**
 * The page views of the visits whose session id starts with `prefix` (one hex digit: sixteen
 * batches): the entry page with the visit's utm, then lot pages or /market; the visit of a form
 * (its one interaction) ends on /contact.
 */
const PAGE_OF_VISIT = `case when p = 1 then v.entry_path
      when p = v.pageviews and v.interactions > 0 then '/contact'
      else ${innerPage('h')} end`;
const PAGES_OF_VISIT = `generate_series(1, v.pageviews) p,
    lateral (select ${hashOf("v.session_id || ':' || v.interactions || ':' || p")} as h) x`;

const PAGE_VIEWS_SQL = `
  insert into analytics.page_views (event_id, hit_index, occurred_at, path, session_id, device_type, browser,
    utm_source, utm_medium, utm_campaign)
  select gen_random_uuid(), 0, v.started_at + (p - 1) * interval '2 minutes', ${PAGE_OF_VISIT},
    v.session_id, v.device, v.browser,
    case when p = 1 then v.utm_source end, case when p = 1 then v.utm_medium end, case when p = 1 then v.utm_campaign end
  from analytics.visits v, ${PAGES_OF_VISIT}
  where v.session_id like ?`;

/** The lots each session viewed, as the service notes them while it stores the page views. */
const SESSION_LOTS_SQL = `
  insert into analytics.session_lots (session_id, lot_number)
  select distinct session_id, substring(path from '^/lots/([1-9][0-9]{0,3})/{0,1}$')::int from analytics.page_views
  where session_id like ? and path ~ '^/lots/([1-9][0-9]{0,3})/{0,1}$'`;

/** Each visit's pages (path → views) of the same page views, as the service keeps them while it stores them. */
const VISIT_PAGES_SQL = `
  update analytics.visits v set pages = (
    select jsonb_object_agg(path, views) from (
      select ${PAGE_OF_VISIT} as path, count(*)::int as views from ${PAGES_OF_VISIT} group by 1) pv)
  where v.session_id like ?`;

/** The deliveries of campaign `campaignId` to the subscribed contacts of its audience. */
const DELIVERIES_SQL = `
  insert into mailer.deliveries (campaign_id, contact_id, email, first_name, last_name, status, attempts,
    next_attempt_at, sent_at)
  select c.id, ct.id, ct.email, ct.first_name, ct.last_name, 'sent', 1, c.started_at,
    c.started_at + (ct.id % 3600) * interval '1 second'
  from mailer.campaigns c, crm.contacts ct
  where c.id = ? and ct.status = 'subscribed' and ct.id % 14 between ? and ?`;

/** Opens and clicks of the deliveries (see the module header for the shares). */
const TRACKING_SQL = `
  insert into mailer.tracking_events (delivery_id, campaign_id, email, kind, link_idx, is_proxy, is_scanner,
    event_key, detail, at)
  select d.id, d.campaign_id, d.email, e.kind, case when e.kind = 'click' then 0 end, e.proxy, e.scanner,
    e.kind || ':' || md5(d.id || '-' || e.n), e.agent, d.sent_at + e.delay
  from mailer.deliveries d, lateral (select ${hashOf('d.id::text')} as h) x,
    lateral (values
      (1, 'open', h % 10 = 0, true, false, 'Mozilla/5.0', interval '2 seconds'),
      (2, 'open', h % 10 between 1 and 2, false, false, 'Mozilla/5.0 (iPhone)', (h % 259200) * interval '1 second'),
      (3, 'open', h % 40 = 1, false, false, 'Mozilla/5.0 (iPhone)', interval '1 day' + (h % 259200) * interval '1 second'),
      (4, 'click', h % 40 = 2, false, false, 'Mozilla/5.0 (iPhone)', (h % 259200) * interval '1 second' + interval '1 minute'),
      (5, 'click', h % 100 = 0, false, true, 'Barracuda', interval '3 seconds')) e(n, kind, ok, proxy, scanner, agent, delay)
  where e.ok`;

/** Seeds analytics, the mailer and the inventory (after crm's contacts and form submissions). */
export async function seedSegmentFacts(knex: Knex, rows: number, timeZone: string): Promise<void> {
  await migrate(knex, analyticsService.schema, analyticsService.migrationsDir);
  await migrate(knex, mailerService.schema, mailerService.migrationsDir);
  await migrate(knex, inventoryService.schema, inventoryService.migrationsDir);

  await knex.raw(`
    insert into analytics.submissions (event_id, idempotency_key, session_id, submitted_at, stored_at)
    select event_id, idempotency_key, session_id, created_at, created_at from crm.form_submissions`);
  await knex.raw(LEAD_VISITS_SQL, [timeZone]);
  const BATCH = 100_000;
  for (let from = 1; from <= Math.floor(rows / 5); from += BATCH)
    await knex.raw(VISITOR_VISITS_SQL, [timeZone, from, Math.min(Math.floor(rows / 5), from + BATCH - 1)]);
  const now = Date.now();
  const months = new Set<string>();
  for (let t = now - 62 * DAY_MS; t <= now; t += DAY_MS) months.add(monthOf(new Date(t)));
  months.add(monthOf(new Date(now)));
  await ensureMonthPartitions(knex, {}, 'page_views', months);
  for (const digit of '0123456789abcdef') {
    await knex.raw(PAGE_VIEWS_SQL, [`${digit}%`]);
    await knex.raw(VISIT_PAGES_SQL, [`${digit}%`]);
    await knex.raw(SESSION_LOTS_SQL, [`${digit}%`]);
  }

  const campaigns = [
    { name: 'Fall open house', daysAgo: 45, audience: [0, 2] },
    { name: 'Lake view lots', daysAgo: 20, audience: [2, 4] },
    { name: 'Spring lots preview', daysAgo: 6, audience: [4, 6] },
  ] as const;
  for (const c of campaigns) {
    const at = new Date(now - c.daysAgo * DAY_MS).toISOString();
    const [row] = await knex
      .withSchema('mailer')
      .table('campaigns')
      .insert({
        name: c.name,
        status: 'sent',
        subject: c.name,
        from_name: 'Lake Powell Lots',
        from_email: 'news@bench.example',
        audience_resolved: true,
        created_at: at,
        started_at: at,
        completed_at: at,
      })
      .returning<{ id: number }[]>('id');
    await knex.raw(DELIVERIES_SQL, [row!.id, ...c.audience]);
    await knex.raw(
      `update mailer.campaigns set sent_count = n, total_recipients = n
         from (select count(*) as n from mailer.deliveries where campaign_id = ?) d where id = ?`,
      [row!.id, row!.id],
    );
  }
  await knex.raw(TRACKING_SQL);
  // Each contact's last open and click, worked out by the function the mailer runs when it stores
  // events (its migration fills them from the events present then; here the events came after).
  const { rows: mailed } = await knex.raw<{ rows: { id: string }[] }>(
    "select distinct delivery_id as id from mailer.tracking_events where kind in ('open', 'click')",
  );
  await knex.transaction((trx) =>
    refreshContactEngagement(
      trx,
      mailed.map((r) => Number(r.id)),
    ),
  );
}
