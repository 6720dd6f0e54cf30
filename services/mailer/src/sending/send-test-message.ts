/**
 * "Send a test to me": the message as a recipient would get it (merge tags filled with sample
 * values, footer and headers included, tracking links inert), sent at once, outside any campaign.
 * Rendered by the broadcast's own `renderMessage`, so what a test shows is what recipients get.
 */
import { randomBytes } from 'node:crypto';
import type { MailerSettings } from '../config.ts';
import { composeRawMessage } from './compose-raw-message.ts';
import { renderMessage } from './render-message.ts';
import { classifySmtpError, createSmtpTransport } from './smtp-transport.ts';

export type TestSend = {
  subject: string;
  fromName: string;
  fromEmail: string;
  content: string;
  previewText: string;
  to: string;
};

export async function sendTestMessage(config: MailerSettings, t: TestSend) {
  const transport = createSmtpTransport({ ...config, MAIL_SMTP_POOL: 1, MAIL_SEND_RATE: 0 });
  if (!transport) return { delivered: false, detail: 'no SMTP configured' };
  const msg = renderMessage(
    {
      id: 0,
      name: '',
      subject: `[Test] ${t.subject}`,
      fromName: t.fromName,
      fromEmail: t.fromEmail,
      content: t.content,
      previewText: t.previewText,
      links: new Map(),
      messageIdToken: randomBytes(16).toString('hex'),
    },
    { deliveryId: 0, email: t.to, firstName: 'Test', lastName: 'Recipient' },
    { secret: 'test-message', publicUrl: config.MAIL_PUBLIC_URL },
  );
  try {
    await transport.sendMail(composeRawMessage(msg));
    return { delivered: true, detail: `The mail relay accepted it for ${t.to}.` };
  } catch (err) {
    return { delivered: false, detail: classifySmtpError(err).reason };
  } finally {
    transport.close();
  }
}
