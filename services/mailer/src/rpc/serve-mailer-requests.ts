/** The mailer's request handlers: what the gateway may ask it (declared in contracts' `RPC.mailer`). */
import { RPC, type Campaign } from '@lp/contracts';
import { answerRpc, type ServiceDeps } from '@lp/runtime';
import { summarizeEmailAnalytics } from '../analytics/summarize-email-analytics.ts';
import { pauseCampaign, resendUnknown, resumeCampaign, scheduleCampaign } from '../campaigns/change-campaign-status.ts';
import { createCampaign } from '../campaigns/create-campaign.ts';
import { createFollowUp } from '../campaigns/create-follow-up.ts';
import { pickAbWinner } from '../ab-tests/decide-ab-winners.ts';
import { mailerSettings } from '../config.ts';
import { estimateAudience } from '../campaigns/estimate-audience.ts';
import { getCampaign } from '../campaigns/get-campaign.ts';
import { listCampaignRecipients } from '../campaigns/list-campaign-recipients.ts';
import { listCampaigns } from '../campaigns/list-campaigns.ts';
import { readCampaignReport } from '../campaigns/read-campaign-report.ts';
import { countMailerStats } from '../queries/count-mailer-stats.ts';
import { sendTestMessage } from '../sending/send-test-message.ts';
import { wakeSenders } from '../sending/wake-senders.ts';
import { createTemplate, duplicateTemplate } from '../templates/create-template.ts';
import { editTemplate } from '../templates/edit-template.ts';
import { getTemplate, readTemplates } from '../templates/read-templates.ts';
import { removeTemplate } from '../templates/remove-template.ts';
import { previewBlocks } from '../templates/blocks/preview-blocks.ts';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { serveTrackingRequests } from '../tracking/serve-tracking-requests.ts';

/** A campaign scheduled for later: its audience counted again now (contacts may have changed since it was stored). */
async function withExpectedSize(deps: Pick<ServiceDeps, 'knex' | 'bus' | 'log'>, change: Promise<Campaign>) {
  const c = await change;
  if (c.status !== 'scheduled') return c;
  await estimateAudience(deps, c.id);
  const { total_recipients, recipients_estimated } = await getCampaign(deps.knex, { id: c.id });
  return { ...c, total_recipients, recipients_estimated };
}

/** What saving a template needs: the database, the bus (lot cards read the inventory) and the public address. */
const renderDeps = (deps: ServiceDeps) => ({ ...deps, publicUrl: mailerSettings.of(deps).MAIL_PUBLIC_URL });

export const serveMailerRequests = [
  answerRpc(RPC.mailer.stats, (_input, { knex }) => countMailerStats(knex)),
  answerRpc(RPC.mailer.templatesList, (_input, { knex }) => readTemplates(knex)),
  answerRpc(RPC.mailer.templateGet, ({ id }, { knex }) => getTemplate(knex, id)),
  answerRpc(RPC.mailer.templateCreate, (input, deps) => createTemplate(renderDeps(deps), input)),
  answerRpc(RPC.mailer.templateUpdate, ({ id, version, template }, deps) =>
    editTemplate(renderDeps(deps), id, version, template),
  ),
  answerRpc(RPC.mailer.templateDuplicate, ({ id }, deps) => duplicateTemplate(renderDeps(deps), id)),
  answerRpc(RPC.mailer.templateRenderBlocks, ({ blocks }, deps) => previewBlocks(renderDeps(deps), blocks)),
  answerRpc(RPC.mailer.templateDelete, ({ id }, { knex }) => removeTemplate(knex, id)),
  answerRpc(RPC.mailer.campaignsList, (_input, { knex }) => listCampaigns(knex)),
  answerRpc(RPC.mailer.campaignCreate, async (event, deps) => {
    const { stored } = await createCampaign(deps, event);
    return { campaignId: stored.id, status: stored.status };
  }),
  answerRpc(RPC.mailer.campaignGet, (by, { knex }) => getCampaign(knex, by)),
  answerRpc(RPC.mailer.campaignReport, ({ id }, { knex, config }) =>
    readCampaignReport(knex, id, config.SITE_TIME_ZONE),
  ),
  answerRpc(RPC.mailer.campaignFollowUp, (input, deps) => createFollowUp(deps, input)),
  answerRpc(RPC.mailer.campaignAbWinner, (input, { knex }) => pickAbWinner(knex, input).finally(wakeSenders)),
  answerRpc(RPC.mailer.campaignRecipients, (input, { knex }) => listCampaignRecipients(knex, input)),
  answerRpc(RPC.mailer.campaignPause, ({ id }, { knex }) => pauseCampaign(knex, id)),
  answerRpc(RPC.mailer.campaignResume, (input, deps) =>
    withExpectedSize(deps, resumeCampaign(deps.knex, input.id).finally(wakeSenders)),
  ),
  answerRpc(RPC.mailer.campaignResendUnknown, ({ id }, { knex }) => resendUnknown(knex, id).finally(wakeSenders)),
  answerRpc(RPC.mailer.campaignSchedule, ({ id, scheduledFor }, deps) =>
    withExpectedSize(deps, scheduleCampaign(deps.knex, id, scheduledFor).finally(wakeSenders)),
  ),
  answerRpc(RPC.mailer.testSend, (input, deps) => sendTestMessage(mailerSettings.of(deps), input)),
  answerRpc(RPC.mailer.emailAnalytics, ({ days }, { knex, config }) =>
    summarizeEmailAnalytics(knex, days, config.SITE_TIME_ZONE),
  ),
  // Internal (bus only, never routed from HTTP): the key the mailer signs with, so the gateway
  // verifies opens and clicks itself and keeps a copy for when the mailer is away.
  answerRpc(RPC.mailer.trackingKey, async (_input, { knex, config }) => ({
    key: await loadTrackingSecret(knex, config.TRACKING_SECRET),
  })),
  ...serveTrackingRequests,
];
