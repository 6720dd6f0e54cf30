/**
 * What a campaign sends (its message and numbered links), read once per sender and kept. An A/B
 * test's group `b` gets variant B's subject (and content), `rest` the winner's: its rows are due
 * only once the winner is stored, which never changes after.
 */
import type { AbTest, AbVariant } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { variantMessage } from '../ab-tests/ab-test-rules.ts';
import type { RenderCampaign } from './render-message.ts';

export async function loadCampaignMessage(
  knex: Knex,
  id: number,
  group: AbVariant | 'rest' | null = null,
): Promise<RenderCampaign> {
  const c = await knex.withSchema('mailer').table('campaigns').where({ id }).first<{
    name: string;
    subject: string;
    from_name: string;
    from_email: string;
    content: string;
    preview_text: string;
    message_id_token: string;
    ab_test: AbTest | null;
    ab_winner: AbVariant | null;
  }>('name', 'subject', 'from_name', 'from_email', 'content', 'preview_text', 'message_id_token', 'ab_test', 'ab_winner');
  if (!c) throw new Error(`campaign ${id} not found`);
  const variant = group === 'rest' ? c.ab_winner : group;
  if (group === 'rest' && !variant) throw new Error(`campaign ${id}: the rest is due before a winner was picked`);
  const { subject, content } = variantMessage(variant ?? 'a', c, c.ab_test);
  const links = await knex
    .withSchema('mailer')
    .table('campaign_links')
    .where({ campaign_id: id })
    .select<{ idx: number; url: string }[]>('idx', 'url');
  return {
    id,
    name: c.name,
    subject,
    fromName: c.from_name,
    fromEmail: c.from_email,
    content,
    previewText: c.preview_text,
    links: new Map(links.map((l) => [l.url, l.idx])),
    messageIdToken: c.message_id_token,
  };
}
