/** One inbound message's details (with the campaign it replies to) and its attachments' names (no bodies: their sizes say what to read). */
import type { Knex } from '@lp/runtime';
import type { InboxEmailMeta } from '@lp/contracts';
import { toSummary, type InboundSummaryRow } from './inbound-row.ts';

type Row = InboundSummaryRow & {
  to_text: string;
  cc_text: string;
  sent_at: Date | null;
  message_id: string;
  in_reply_to: string | null;
  references: string[];
  has_remote_images: boolean;
  text_bytes: number;
  html_bytes: number;
  campaign_id: number | null;
  campaign_name: string | null;
  campaign_subject: string | null;
};

export async function findInboundMessage(knex: Knex, id: number): Promise<InboxEmailMeta | null> {
  const row = await knex
    .withSchema('mailer')
    .table('inbound_messages as m')
    .leftJoin('campaigns as c', 'c.id', 'm.campaign_id')
    .where('m.id', id)
    .first<Row | undefined>(
      'm.*',
      'c.name as campaign_name',
      'c.subject as campaign_subject',
      knex.raw('left(body_text, 200) as snippet'),
      knex.raw('octet_length(body_text) as text_bytes'),
      knex.raw('octet_length(body_html) as html_bytes'),
    );
  if (!row) return null;
  const attachments = await knex
    .withSchema('mailer')
    .table('inbound_attachments')
    .where({ inbound_message_id: id })
    .orderBy('position')
    .select<{ id: number; filename: string; content_type: string; size: number; stored: boolean }[]>(
      'id',
      'filename',
      'content_type',
      'size',
      knex.raw('skipped_reason is null as stored'),
    );
  return {
    ...toSummary(row),
    to: row.to_text,
    cc: row.cc_text,
    sentAt: row.sent_at?.toISOString() ?? null,
    messageId: row.message_id,
    inReplyTo: row.in_reply_to,
    references: row.references,
    hasRemoteImages: row.has_remote_images,
    attachments: attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.content_type,
      size: a.size,
      stored: a.stored,
    })),
    bodyTextBytes: row.text_bytes,
    bodyHtmlBytes: row.html_bytes,
    campaignId: row.campaign_name === null ? null : row.campaign_id,
    campaignName: row.campaign_name,
    campaignSubject: row.campaign_subject,
  };
}
