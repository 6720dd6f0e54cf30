/**
 * Stores one inbound message with its attachments (inside the caller's transaction); a message
 * whose `mailKey` (the same message, store-inbound-message.ts) is already stored is a no-op
 * (`id` null). A reply to a broadcast is linked
 * to its campaign, delivery and contact. Attachments are listed here (`attachmentIds`, in order)
 * and their bytes added piece by piece (`insertInboundAttachmentChunk`).
 */
import type { Knex } from '@lp/runtime';
import type { InboundMail } from '@lp/contracts';
import { findRepliedDelivery } from './find-replied-delivery.ts';

export async function insertInboundMessage(
  trx: Knex.Transaction,
  mail: InboundMail,
  stored: { mailKey: string; html: string; hasRemoteImages: boolean },
): Promise<{ id: number | null; attachmentIds: number[] }> {
  const replied = await findRepliedDelivery(trx, mail.inReplyTo, mail.references);
  const [row] = await trx
    .withSchema('mailer')
    .table('inbound_messages')
    .insert({
      message_id: mail.messageId,
      mail_key: stored.mailKey,
      source: mail.source,
      from_name: mail.fromName,
      from_email: mail.fromEmail,
      to_text: mail.to,
      cc_text: mail.cc,
      subject: mail.subject,
      body_text: mail.text,
      body_html: stored.html,
      has_remote_images: stored.hasRemoteImages,
      in_reply_to: mail.inReplyTo,
      references: JSON.stringify(mail.references),
      headers: mail.headers,
      sent_at: mail.sentAt,
      has_attachments: mail.attachments.length > 0,
      campaign_id: replied?.campaignId ?? null,
      delivery_id: replied?.deliveryId ?? null,
      contact_id: replied?.contactId ?? null,
    })
    .onConflict('mail_key')
    .ignore()
    .returning<{ id: number }[]>('id');
  if (!row) return { id: null, attachmentIds: [] };
  if (mail.attachments.length === 0) return { id: row.id, attachmentIds: [] };
  const attachments = await trx
    .withSchema('mailer')
    .table('inbound_attachments')
    .insert(
      mail.attachments.map((a, position) => ({
        inbound_message_id: row.id,
        position,
        filename: a.filename,
        content_type: a.contentType,
        content_id: a.contentId,
        size: a.size,
        skipped_reason: a.skippedReason,
      })),
    )
    .returning<{ id: number; position: number }[]>(['id', 'position']);
  return {
    id: row.id,
    attachmentIds: attachments.sort((a, b) => a.position - b.position).map((a) => a.id),
  };
}

/** One piece of an attachment's bytes, `start` bytes into it. */
export async function insertInboundAttachmentChunk(
  trx: Knex.Transaction,
  attachmentId: number,
  start: number,
  data: Buffer,
): Promise<void> {
  await trx
    .withSchema('mailer')
    .table('inbound_attachment_chunks')
    .insert({ attachment_id: attachmentId, start, data });
}
