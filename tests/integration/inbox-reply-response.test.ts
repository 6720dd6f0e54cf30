/**
 * A reply from the Inbox is the lead's first response, on both backends: a visitor sends the
 * form, then mails in (the inbound path: a provider's post → the mailer's inbox); staff answer it
 * the way the Inbox's Reply does (the sender made a contact, then 'Send an Email' to that address
 * with "Re: <subject>" and the message quoted), the reply leaves through the mailer's send
 * (SMTP sink), and the submissions API gives the reply's time as the lead's first response, and
 * the week's median counts it. The lead's own mail is no response.
 */
import { expect, it } from 'vitest';
import { site, type FormSubmission, type InboxEmail, type InboxPage, type ResponseTimes } from '@lp/contracts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { SAMPLE_SUBMISSION } from '../support/samples.ts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';

const SECRET = 'inbound-secret-0123456789';
const LEAD = 'dana.reply@lakepowell.test';

describeOnEachBackend('an inbox reply as the first response', (backend) => {
  let token: string;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { WEBHOOK_SECRET: SECRET, MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
    },
  });

  const submissionOf = async () => {
    const res = await stack.api('/api/marketing/submissions', { token });
    expect(res.status).toBe(200);
    return ((await res.json()) as FormSubmission[]).find((s) => s.email === LEAD);
  };
  const inbox = (path = '', init: { method?: string; body?: unknown } = {}) =>
    stack.api(`/api/marketing-dashboard/inbox${path}`, { ...init, token });

  it('takes the reply sent from the inbox as the lead’s first response, at the time it was sent', async () => {
    const form = await stack.api('/api/contact', {
      body: { ...SAMPLE_SUBMISSION, firstName: 'Dana', lastName: 'Reply', email: LEAD },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(form.status).toBe(201);
    const submitted = await eventually(submissionOf, 15_000, 'the submission');
    expect(submitted.firstResponseAt).toBeNull();

    // The lead writes in: the inbound path stores it in the inbox.
    const raw = [
      `From: "Dana Reply" <${LEAD}>`,
      'To: info@lakepowelllots.com',
      'Subject: Lot 12 <marina side>',
      `Message-ID: <${crypto.randomUUID()}@lakepowell.test>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Is lot 12 still available?',
      'My budget is < $90k & flexible.',
      '',
    ].join('\r\n');
    const posted = await fetch(`${stack.baseUrl}/api/inbound/raw?secret=${SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(posted.status).toBe(200);
    const listed = await eventually(
      async () => ((await (await inbox('?status=all')).json()) as InboxPage).emails.find((e) => e.fromEmail === LEAD),
      15_000,
      'the lead’s mail in the inbox',
    );
    const email = (await (await inbox(`/${listed.id}`)).json()) as InboxEmail;
    expect(email.bodyText).toContain('Is lot 12 still available?');
    // Mail from the lead is not a response.
    expect((await submissionOf())!.firstResponseAt).toBeNull();

    // Reply, as the screen does it: a sender who is not a contact yet is added first (only
    // contacts are mailed), then the prefilled 'Send an Email' posts a send to the typed address.
    if (!email.contactId) expect((await inbox(`/${email.id}/contact`, { body: {} })).status).toBe(201);
    const sentAfter = Date.now();
    const reply = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        subject: 'Re: Lot 12 <marina side>',
        fromName: site.brand,
        fromEmail: site.email,
        content:
          '<p>Yes, it is.</p>\n<p>On Nov 29, 2026, Dana Reply &lt;dana.reply@lakepowell.test&gt; wrote:</p>\n' +
          '<blockquote>Is lot 12 still available?<br>\nMy budget is &lt; $90k &amp; flexible.</blockquote>\n',
        previewText: '',
        recipients: [LEAD],
      },
    });
    expect(reply.status).toBe(202);
    const { campaignId } = (await reply.json()) as { campaignId: number };
    const received = await eventually(
      async () => sink.messages.find((m) => m.to === LEAD && m.parsed.subject === 'Re: Lot 12 <marina side>'),
      20_000,
      'the reply at the lead’s mailbox',
    );
    expect(String(received.parsed.html)).toContain('My budget is &lt; $90k &amp; flexible.');

    // The first response is the reply's send time (the relay took it), no other.
    const delivery = await eventually(
      async () => {
        const row = (await stack.platform.db.knex
          .withSchema('mailer')
          .table('deliveries')
          .where({ campaign_id: campaignId, status: 'sent' })
          .first('sent_at')) as { sent_at: Date | string } | undefined;
        return row ? new Date(row.sent_at).toISOString() : undefined;
      },
      15_000,
      'the reply marked sent',
    );
    expect(Date.parse(delivery)).toBeGreaterThanOrEqual(sentAfter - 1000);
    expect(Date.parse(delivery)).toBeLessThanOrEqual(received.at + 1000);
    const answered = await eventually(
      async () => {
        const s = await submissionOf();
        return s?.firstResponseAt ? s : undefined;
      },
      15_000,
      'the reply as the first response',
    );
    expect(answered.firstResponseAt).toBe(delivery);

    const times = (await (
      await stack.api('/api/marketing/submissions/response-times', { token })
    ).json()) as ResponseTimes;
    const thisWeek = times.weeks.at(-1)!;
    expect(thisWeek).toMatchObject({ leads: 1, answered: 1 });
    expect(thisWeek.medianMs).toBe(Date.parse(delivery) - Date.parse(answered.createdAt));
  });
});
