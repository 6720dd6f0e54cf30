/** What a campaign sends (its message and numbered links), read once per sender and kept. */
import type { Knex } from '@lp/runtime';
import type { RenderCampaign } from './render-message.ts';

export async function loadCampaignMessage(knex: Knex, id: number): Promise<RenderCampaign> {
  const c = await knex.withSchema('mailer').table('campaigns').where({ id }).first<{
    name: string;
    subject: string;
    from_name: string;
    from_email: string;
    content: string;
    preview_text: string;
    message_id_token: string;
  }>('name', 'subject', 'from_name', 'from_email', 'content', 'preview_text', 'message_id_token');
  if (!c) throw new Error(`campaign ${id} not found`);
  const links = await knex
    .withSchema('mailer')
    .table('campaign_links')
    .where({ campaign_id: id })
    .select<{ idx: number; url: string }[]>('idx', 'url');
  return {
    id,
    name: c.name,
    subject: c.subject,
    fromName: c.from_name,
    fromEmail: c.from_email,
    content: c.content,
    previewText: c.preview_text,
    links: new Map(links.map((l) => [l.url, l.idx])),
    messageIdToken: c.message_id_token,
  };
}
