/**
 * mailer: owns templates, campaigns, deliveries, tracking and the inbox (schema `mailer`). Its
 * declaration: the MAIL stream, the consumers of send requests, provider events and the opens
 * and clicks the gateway answers, the requests it answers (templates, campaigns, analytics,
 * tracking links of mail sent before links named their targets, the inbox, and inbound mail
 * handed over by the gateway: parsed, HTML sanitised, stored once per message, the weekly report's
 * settings, lot watches) and the send worker every replica runs (which also sends the weekly report).
 * Lot alerts (lot-alerts/): watch requests from the MAIL stream, lot changes from INVENTORY.
 * Journeys (journeys/): their requests, the form-submission trigger, the journey engine and the
 * sender of their staff alerts.
 */
import { fileURLToPath } from 'node:url';
import { STREAMS } from '@lp/contracts';
import type { ServiceDefinition } from '@lp/runtime';
import { mailerSettings } from './config.ts';
import { serveInboundRequests } from './rpc/serve-inbound-requests.ts';
import { serveInboxRequests } from './rpc/serve-inbox-requests.ts';
import { serveEngagementRequests } from './rpc/serve-engagement-requests.ts';
import { consumeSendRequests } from './campaigns/consume-send-requests.ts';
import { serveMailerRequests } from './rpc/serve-mailer-requests.ts';
import { serveWeeklyReportRequests } from './rpc/serve-weekly-report-requests.ts';
import { sendWorker } from './sending/send-worker.ts';
import { consumeProviderEvents } from './tracking/consume-provider-events.ts';
import { consumeTrackingHits } from './tracking/consume-tracking-hits.ts';
import { consumeLeadSubmissions } from './lead-replies/consume-lead-submissions.ts';
import { serveLeadReplyRequests } from './lead-replies/serve-lead-reply-requests.ts';
import { consumeJourneySubmissions } from './journeys/consume-journey-submissions.ts';
import { consumeJourneyLotChanges } from './journeys/consume-journey-lot-changes.ts';
import { serveJourneyRequests } from './journeys/serve-journey-requests.ts';
import { journeyWorker } from './journeys/journey-worker.ts';
import { journeyAlertWorker } from './journeys/journey-alert-worker.ts';
import { consumeLotChanges } from './lot-alerts/consume-lot-changes.ts';
import { consumeLotWatchRequests } from './lot-alerts/consume-lot-watch-requests.ts';
import { consumeTemplateLots } from './templates/consume-template-lots.ts';
import { serveLotWatchRequests } from './lot-alerts/serve-lot-watch-requests.ts';

export const mailerService: ServiceDefinition = {
  name: 'mailer',
  schema: 'mailer',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  // CRM too: every new form submission is answered (an instant reply, a staff alert).
  // INVENTORY too: a lot's confirmed watchers are alerted of its changes (lot-alerts/).
  streams: [STREAMS.mail, STREAMS.crm, STREAMS.inventory],
  consumers: [
    consumeSendRequests,
    consumeProviderEvents,
    consumeTrackingHits,
    consumeLeadSubmissions,
    consumeLotWatchRequests,
    consumeLotChanges,
    consumeTemplateLots,
    consumeJourneySubmissions,
    consumeJourneyLotChanges,
  ],
  rpcs: [
    ...serveMailerRequests,
    ...serveInboxRequests,
    serveInboundRequests,
    ...serveWeeklyReportRequests,
    ...serveEngagementRequests,
    ...serveLeadReplyRequests,
    ...serveLotWatchRequests,
    ...serveJourneyRequests,
  ],
  workers: [sendWorker, journeyWorker, journeyAlertWorker],
  settings: mailerSettings,
};
