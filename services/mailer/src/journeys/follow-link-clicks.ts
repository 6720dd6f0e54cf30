/**
 * The link-clicked trigger: every ~2 s a journey reads the tracking events after its cursor (an
 * event id; a new or changed trigger starts at the newest event, so earlier clicks let no one
 * in). A person's click (not a link scanner's: `is_scanner`) on mail of the campaign — on any of
 * its links, or the one with the trigger's address — lets the delivery's contact in once per
 * campaign (entry key `click:<campaign>:<contact>`, however often they click). Events are read up
 * to the newest one seen at the previous read (`click_horizon`), so each has settled for a read
 * period first: a click is flagged as a scanner's in a burst just after it is stored, and a
 * transaction that took its id earlier may commit a moment later.
 */
import { wakeJourneys } from './journey-wake.ts';
import { enterJourney, findJourney } from './journeys-store.ts';
import type { LeasedTrigger } from './lease-trigger-journeys.ts';
import type { EngineDeps } from './run-due-entries.ts';

const PAGE = 2000;

type Click = { id: string; contact_id: number; email: string; first_name: string; last_name: string };

export async function followLinkClicks(deps: EngineDeps, row: LeasedTrigger): Promise<number> {
  const { knex, counters } = deps;
  const journey = await findJourney(knex, row.id);
  if (journey?.trigger.kind !== 'link_clicked') return 0;
  const { campaignId, url } = journey.trigger;
  let cursor = Number(row.click_cursor ?? 0);
  const horizon = row.click_horizon === null ? null : Number(row.click_horizon);
  let entered = 0;
  // An edit that sets the trigger again moves its cursor: this read then stores nothing.
  const sameTrigger = () =>
    knex.withSchema('mailer').table('journeys').where({ id: row.id, trigger_set_at: row.trigger_set_at });
  while (horizon !== null && cursor < horizon) {
    const { rows } = await knex.raw<{ rows: Click[] }>(
      `select t.id, d.contact_id, d.email, d.first_name, d.last_name
         from mailer.tracking_events t
         join mailer.deliveries d on d.id = t.delivery_id
         ${url === null ? '' : 'join mailer.campaign_links l on l.campaign_id = t.campaign_id and l.idx = t.link_idx'}
        where t.campaign_id = ? and t.kind = 'click' and not t.is_scanner and t.id > ? and t.id <= ?
          ${url === null ? '' : "and rtrim(l.url, '/') = rtrim(?, '/')"}
        order by t.id
        limit ?`,
      [campaignId, cursor, horizon, ...(url === null ? [] : [url]), PAGE],
    );
    const contacts = new Map(rows.map((r) => [r.contact_id, r]));
    const n = await enterJourney(
      knex,
      journey,
      [...contacts.values()].map((r) => ({
        key: `click:${campaignId}:${r.contact_id}`,
        contactId: r.contact_id,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
      })),
      deps.timeZone,
    );
    entered += n;
    counters.inc('mailer_journey_entries_total', { trigger: 'link_clicked', outcome: 'entered' }, n);
    counters.inc('mailer_journey_entries_total', { trigger: 'link_clicked', outcome: 'duplicate' }, contacts.size - n);
    cursor = rows.length < PAGE ? horizon : Number(rows.at(-1)!.id);
    await sameTrigger().update({ click_cursor: cursor });
  }
  const newest = (await knex.withSchema('mailer').table('tracking_events').max('id as id').first()) as
    { id: string | number | null } | undefined;
  await sameTrigger().update({ click_cursor: cursor, click_horizon: Math.max(cursor, Number(newest?.id ?? 0)) });
  if (entered) wakeJourneys();
  return entered;
}
