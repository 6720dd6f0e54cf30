/**
 * Stores a send request as a campaign (idempotent on the request id): the content sanitised,
 * its tracked links numbered, and its status — `draft`, `scheduled` (a future time) or
 * `active` (now; the send worker resolves the audience and sends).
 */
import type { SendRequested } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { trackedLinksOf } from '../sending/render-message.ts';
import { sanitizeEmailHtml } from '../templates/sanitize-email-html.ts';

export async function storeSendRequest(
  knex: Knex,
  event: SendRequested,
): Promise<{ inserted: false } | { inserted: true; id: number }> {
  const s = event.send;
  const content = sanitizeEmailHtml(s.content);
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
        status,
        scheduled_for: s.scheduledFor,
        created_at: event.occurredAt,
        started_at: status === 'active' ? trx.fn.now() : null,
      })
      .onConflict('request_id')
      .ignore()
      .returning<{ id: number }[]>('id');
    if (!row) return { inserted: false as const };
    const links = trackedLinksOf(content);
    if (links.length)
      await trx
        .withSchema('mailer')
        .table('campaign_links')
        .insert(links.map((url, idx) => ({ campaign_id: row.id, idx, url })));
    return { inserted: true as const, id: row.id };
  });
}
