/**
 * Consumes `mail.lot-watch.requested` (stored by the gateway before it answered the visitor)
 * with the durable `mailer-lot-watch-requests`: records the watch and sends its confirmation
 * once per request (send-watch-confirmation.ts); naks with back-off while the relay takes
 * nothing. A message that can never succeed is parked.
 */
import { DURABLES, LotWatchRequestedSchema } from '@lp/contracts';
import { parkDeadLetter, startConsumer, type ConsumerDefinition } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { createSmtpTransport } from '../sending/smtp-transport.ts';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { sendWatchConfirmation } from './send-watch-confirmation.ts';

export const consumeLotWatchRequests: ConsumerDefinition = {
  durable: DURABLES.mailerLotWatchRequests,
  start: async (deps) => {
    const settings = mailerSettings.of(deps);
    const transport = createSmtpTransport({ ...settings, MAIL_SMTP_POOL: 1 });
    const handle = await startConsumer(deps.bus, {
      durable: DURABLES.mailerLotWatchRequests,
      schema: LotWatchRequestedSchema,
      log: deps.log,
      counters: deps.counters,
      park: (m) => parkDeadLetter(deps.knex, m),
      handle: async (event, _msg, log) => {
        const secret = await loadTrackingSecret(deps.knex, deps.config.TRACKING_SECRET);
        const step = await sendWatchConfirmation(
          { knex: deps.knex, secret, publicUrl: settings.MAIL_PUBLIC_URL },
          transport,
          event,
        );
        deps.counters.inc('mailer_lot_watch_messages_total', { kind: 'confirm', outcome: step });
        log.info({ lot: event.lotNumber, step }, 'lot watch requested');
      },
    });
    return {
      stop: async () => {
        await handle.stop();
        transport?.close();
      },
    };
  },
};
