/**
 * Stores a send request as a campaign (idempotent on the request id: asked again, the campaign
 * already stored answers): the content sanitised, its tracked links numbered, and its status —
 * `draft`, `scheduled` (a future time) or `active` (now; the send worker resolves the audience
 * and sends).
 */
import type { CampaignStatus, SendRequested } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { trackedLinksOf } from '../sending/render-message.ts';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';

export type StoredSendRequest = { inserted: boolean; id: number; status: CampaignStatus };

export async function storeSendRequest(knex: Knex, event: SendRequested): Promise<StoredSendRequest> {
  const s = event.send;
  const content = sanitizeEmailHtml(s.content);
  // Variant B's own content is sanitised as A's is; empty, B sends A's content.
  const abTest = s.abTest && {
    ...s.abTest,
    variantB: {
      subject: s.abTest.variantB.subject,
      content: s.abTest.variantB.content && sanitizeEmailHtml(s.abTest.variantB.content),
    },
  };
  const due = s.scheduledFor && new Date(s.scheduledFor).getTime() > Date.now() ? s.scheduledFor : null;
  const status = s.draft ? 'draft' : due ? 'scheduled' : 'active';
  return knex.transaction(async (trx) => {
    const [row] = await trx
      .withSchema('mailer')
      .table('campaigns')
      .insert({
        request_id: event.id,
        name: s.name,
        subject: s.subject,
        from_name: s.fromName,
        from_email: s.fromEmail,
        content,
        preview_text: s.previewText,
        audience: JSON.stringify(s.audience),
        follow_up_of: 'followUp' in s.audience ? s.audience.followUp.campaignId : null,
        ab_test: abTest ? JSON.stringify(abTest) : null,
        status,
        scheduled_for: s.scheduledFor,
        created_at: event.occurredAt,
        started_at: status === 'active' ? trx.fn.now() : null,
      })
      .onConflict('request_id')
      .ignore()
      .returning<{ id: number }[]>('id');
    if (!row) {
      const stored = await trx
        .withSchema('mailer')
        .table('campaigns')
        .where({ request_id: event.id })
        .first<{ id: number; status: CampaignStatus }>('id', 'status');
      return { inserted: false, id: stored!.id, status: stored!.status };
    }
    // Variant B's links are numbered after A's: a click names its link by number either way.
    const links = [...new Set([...trackedLinksOf(content), ...trackedLinksOf(abTest?.variantB.content ?? '')])];
    if (links.length)
      await trx
        .withSchema('mailer')
        .table('campaign_links')
        .insert(links.map((url, idx) => ({ campaign_id: row.id, idx, url })));
    return { inserted: true, id: row.id, status };
  });
}
