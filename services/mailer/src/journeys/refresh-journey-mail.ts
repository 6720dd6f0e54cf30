/**
 * A journey's send step mails its template as it is when the mail goes out: each step has a
 * campaign (status `journey`) holding the template's subject, preview text and content; when
 * the template changes (staff save it, or a lot on one of its lot cards changes) the campaigns
 * of every step sending it take the new copy in the same transaction, and links the new copy
 * adds get their tracking numbers (numbers already given stay, so links in mail sent before
 * keep counting). Senders read a campaign's message again within half a minute.
 */
import type { Knex } from '@lp/runtime';
import { trackedLinksOf } from '../sending/render-message.ts';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';

type Db = Knex | Knex.Transaction;

/** Numbers the links of `content` the campaign does not have yet, after those it has. */
export async function addCampaignLinks(db: Db, campaignId: number, content: string): Promise<void> {
  const known = (await db
    .withSchema('mailer')
    .table('campaign_links')
    .where({ campaign_id: campaignId })
    .select('idx', 'url')) as { idx: number; url: string }[];
  const have = new Set(known.map((l) => l.url));
  const next = known.reduce((m, l) => Math.max(m, l.idx + 1), 0);
  const fresh = [...new Set(trackedLinksOf(content))].filter((url) => !have.has(url));
  if (fresh.length)
    await db
      .withSchema('mailer')
      .table('campaign_links')
      .insert(fresh.map((url, i) => ({ campaign_id: campaignId, idx: next + i, url })));
}

/** The message a journey step's campaign carries for a template row. */
export const journeyMessageOf = (t: { subject: string; content: string; preview_text: string }) => ({
  subject: t.subject,
  content: sanitizeEmailHtml(t.content),
  preview_text: t.preview_text,
});

/** Gives the template's current copy to every journey step sending it; returns how many campaigns changed. */
export async function refreshJourneyMail(db: Db, templateId: number): Promise<number> {
  const t = (await db.withSchema('mailer').table('templates').where({ id: templateId }).first()) as
    { subject: string; content: string; preview_text: string } | undefined;
  if (!t) return 0;
  const campaigns = (await db
    .withSchema('mailer')
    .table('journey_send_campaigns')
    .where({ template_id: templateId })
    .pluck('campaign_id')) as number[];
  const message = journeyMessageOf(t);
  for (const id of campaigns) {
    await db.withSchema('mailer').table('campaigns').where({ id }).update(message);
    await addCampaignLinks(db, id, message.content);
  }
  return campaigns.length;
}
