/**
 * Consumes `crm.submission.received` with the mailer's own durable (`mailer-lead-replies`) and
 * answers each new lead (send-lead-replies.ts): the consumer template checks the event, acks once
 * both messages are settled, and naks with back-off when the relay or crm was not there (nothing
 * is then recorded as sent). The SMTP transport is the consumer's own, pooled, one connection:
 * leads come one at a time, and a broadcast in flight never delays them.
 *
 * A message that can never succeed is skipped and counted, not parked: crm owns form
 * submissions and parks the same message; replaying its dead letter re-publishes the event, and
 * this durable takes it then.
 */
import { DURABLES, SubmissionReceivedSchema } from '@lp/contracts';
import { parkDeadLetter, startConsumer, type ConsumerDefinition } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { createSmtpTransport } from '../sending/smtp-transport.ts';
import { sendLeadReplies } from './send-lead-replies.ts';

export const consumeLeadSubmissions: ConsumerDefinition = {
  durable: DURABLES.mailerLeadReplies,
  start: async (deps) => {
    const transport = createSmtpTransport({ ...mailerSettings.of(deps), MAIL_SMTP_POOL: 1 });
    const handle = await startConsumer(deps.bus, {
      durable: DURABLES.mailerLeadReplies,
      schema: SubmissionReceivedSchema,
      log: deps.log,
      counters: deps.counters,
      park: (m) => parkDeadLetter(deps.knex, m),
      unusable: 'skip',
      handle: async (event, _msg, log) => {
        const outcome = await sendLeadReplies({ ...deps, log }, transport, event);
        deps.counters.inc('mailer_lead_messages_total', { kind: 'reply', outcome: outcome.reply });
        deps.counters.inc('mailer_lead_messages_total', { kind: 'alert', outcome: outcome.alert });
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
