/**
 * "Send to those who did not open" (or did not click): a new campaign from a completed one — the
 * same message and sender under a new subject — to those it reached who did not, after a wait of
 * up to a week. Stored once per request id like any send; its audience is resolved when it
 * starts (resolve-audiences.ts), so whoever opens the first message during the wait is left out.
 * 404 for a campaign that does not exist, 409 for one still sending, scheduled or a draft.
 */
import type { CampaignFollowUpInputSchema, SendAccepted } from '@lp/contracts';
import { conflict, notFound, type ServiceDeps } from '@lp/runtime';
import type * as v from 'valibot';
import { createCampaign } from './create-campaign.ts';

const WHO_NAMES = { not_opened: 'did not open', not_clicked: 'did not click' } as const;

type Original = {
  name: string;
  status: string;
  from_name: string;
  from_email: string;
  content: string;
  preview_text: string | null;
};

export async function createFollowUp(
  deps: Pick<ServiceDeps, 'knex' | 'bus' | 'log' | 'counters'>,
  input: v.InferOutput<typeof CampaignFollowUpInputSchema>,
): Promise<SendAccepted> {
  const original = await deps.knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: input.id })
    .first<Original | undefined>('name', 'status', 'from_name', 'from_email', 'content', 'preview_text');
  if (!original) throw notFound('Campaign not found');
  if (original.status !== 'completed')
    throw conflict('Only a campaign that has finished sending can be followed up: wait until it completes');
  const now = new Date();
  const { stored } = await createCampaign(deps, {
    id: input.requestId,
    occurredAt: now.toISOString(),
    version: 1,
    send: {
      name: `${original.name} (to those who ${WHO_NAMES[input.who]})`.slice(0, 200),
      subject: input.subject,
      fromName: original.from_name,
      fromEmail: original.from_email,
      content: original.content,
      previewText: original.preview_text ?? '',
      audience: { followUp: { campaignId: input.id, who: input.who } },
      scheduledFor: input.delayHours > 0 ? new Date(now.getTime() + input.delayHours * 3_600_000).toISOString() : null,
      draft: false,
    },
  });
  return { campaignId: stored.id, status: stored.status };
}
