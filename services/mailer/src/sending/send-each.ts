/**
 * Hands a few messages to the relay one by one (a staff alert to its recipients: the lead alert,
 * a journey's alert step) and says what became of them: how many it took, the failures, and
 * whether nothing reached it in a way worth sending again (down, refused, a 4xx), in which case
 * the caller gives its claim back and retries later. A connection cut after it opened may have
 * delivered: never worth sending again, as a campaign's unknown fate.
 */
import type { MailTransport } from '../weekly-report/send-weekly-report.ts';
import { composeRawMessage } from './compose-raw-message.ts';
import type { RenderedMessage } from './render-message.ts';
import { classifySmtpError } from './smtp-transport.ts';

export type EachSent = {
  sent: number;
  failures: { to: string; reason: string; again: boolean }[];
  /** Nothing was taken and every failure is worth another try. */
  again: boolean;
  /** The failures as one line (`to: reason; …`), or null. */
  detail: string | null;
};

export async function sendEach(transport: MailTransport, messages: readonly RenderedMessage[]): Promise<EachSent> {
  let sent = 0;
  const failures: EachSent['failures'] = [];
  for (const m of messages) {
    try {
      await transport.sendMail(composeRawMessage(m));
      sent += 1;
    } catch (err) {
      const f = classifySmtpError(err);
      failures.push({
        to: m.to,
        reason: f.reason,
        again: f.kind === 'retry' || (f.kind === 'outage' && !f.unconfirmed),
      });
    }
  }
  return {
    sent,
    failures,
    again: sent === 0 && failures.length > 0 && failures.every((f) => f.again),
    detail: failures.length ? failures.map((f) => `${f.to}: ${f.reason}`).join('; ') : null,
  };
}
