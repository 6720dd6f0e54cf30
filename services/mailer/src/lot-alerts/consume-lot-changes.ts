/**
 * Consumes `inventory.lot.changed` with the mailer's durable `mailer-lot-alerts` and alerts the
 * lot's confirmed watchers (send-lot-alerts.ts): the consumer template checks the event, acks
 * once every watcher's alert is settled, and naks with back-off when the relay or crm was not
 * there (nothing is then recorded as sent). Its own pooled SMTP transport, one connection: a
 * broadcast in flight never delays an alert. The mailer is the only durable reader of the
 * subject, so a message that can never succeed is parked here.
 */
import { DURABLES, LotChangedSchema } from '@lp/contracts';
import { parkDeadLetter, startConsumer, type ConsumerDefinition } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { createSmtpTransport } from '../sending/smtp-transport.ts';
import { loadTrackingSecret } from '../tracking/load-tracking-secret.ts';
import { sendLotAlerts } from './send-lot-alerts.ts';

export const consumeLotChanges: ConsumerDefinition = {
  durable: DURABLES.mailerLotAlerts,
  start: async (deps) => {
    const settings = mailerSettings.of(deps);
    const transport = createSmtpTransport({ ...settings, MAIL_SMTP_POOL: 1 });
    const handle = await startConsumer(deps.bus, {
      durable: DURABLES.mailerLotAlerts,
      schema: LotChangedSchema,
      log: deps.log,
      counters: deps.counters,
      park: (m) => parkDeadLetter(deps.knex, m),
      handle: async (event, _msg, log) => {
        const secret = await loadTrackingSecret(deps.knex, deps.config.TRACKING_SECRET);
        const outcome = await sendLotAlerts(
          { knex: deps.knex, bus: deps.bus, log, secret, publicUrl: settings.MAIL_PUBLIC_URL },
          transport,
          event,
        );
        for (const [step, n] of Object.entries(outcome.steps))
          deps.counters.inc('mailer_lot_watch_messages_total', { kind: 'alert', outcome: step }, n);
        log.info({ lot: event.lot.number, version: event.lot.version, ...outcome }, 'lot change alerted');
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
