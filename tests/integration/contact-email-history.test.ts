/**
 * A contact's mail in its View History and an e-mail campaign in lead attribution, through HTTP
 * on both backends: a campaign sent to a contact through a real SMTP server on loopback, its
 * open pixel and a click link followed as the recipient would, the history listing the message
 * (campaign, subject, status), the open and the click (with the link); the click redirect to
 * the seller's site carrying the campaign's UTM parameters, a visit with them, a form submission
 * from that visit, and its attribution naming the campaign.
 */
import { expect, it } from 'vitest';
import {
  site,
  type CampaignDetail,
  type Contact,
  type ContactHistory,
  type LeadAttribution,
  type LeadsBySource,
} from '@lp/contracts';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';
import { CHROME_UA } from '../support/samples.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const LOT_PAGE = 'https://lakepowelllots.com/lots/12?view=plan';
const MAP = 'https://www.openstreetmap.org/?mlat=36.9147&mlon=-111.4558';

describeOnEachBackend('contact e-mail history and e-mail attribution', (backend) => {
  let token: string;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
    setup: async (s) => (token = await s.login()),
  });

  const local = (url: string) => url.replace(PUBLIC, stack.baseUrl);
  const json = async <T>(path: string) => {
    const res = await stack.api(path, { token });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  const addContact = async (email: string, firstName: string) => {
    const res = await stack.api('/api/marketing/contacts', { token, body: { email, firstName, lastName: 'Tsosie' } });
    expect(res.status).toBe(201);
    return (await res.json()) as Contact;
  };
  const history = (id: number) => json<ContactHistory>(`/api/marketing/contacts/${id}/history`);

  it('shows a long history from when it is whole, and says from when', async () => {
    const kai = await addContact('kai@example.com', 'Kai');
    // 201 form submissions an hour apart, the newest an hour ago: one more than a history holds.
    const hour = 3_600_000;
    const now = Date.now();
    await stack.platform.db.knex
      .withSchema('crm')
      .table('form_submissions')
      .insert(
        Array.from({ length: 201 }, (_, i) => ({
          event_id: crypto.randomUUID(),
          idempotency_key: crypto.randomUUID(),
          first_name: 'Kai',
          last_name: 'Tsosie',
          email: i % 2 ? 'KAI@example.com' : 'kai@example.com',
          phone: '(928) 555-0134',
          message: `Question ${i + 1}`,
          source: 'home',
          created_at: new Date(now - (i + 1) * hour),
        })),
      );
    const sent = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        name: 'Kai news',
        subject: 'News for {{firstName}}',
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        content: '<p>Hi {{firstName}}</p>',
        recipients: ['kai@example.com'],
      },
    });
    expect(sent.status).toBe(202);
    const shown = await eventually(
      async () => {
        const h = await history(kai.id);
        return h.items.some((i) => i.type === 'email_sent') ? h : undefined;
      },
      20_000,
      'the message in the history',
    );
    // The newest 200 of crm's entries and the message; the oldest submission is held back and
    // the answer says from when the history is whole.
    const forms = shown.items.filter((i) => i.type === 'form_submission');
    expect(forms).toHaveLength(200);
    expect(forms.at(-1)).toMatchObject({ message: 'Question 200' });
    expect(shown.shownSince).toBe(new Date(now - 200 * hour).toISOString());
    expect(shown.items[0]).toMatchObject({ type: 'email_sent', subject: 'News for Kai' });
    expect(shown.items.every((i) => Date.parse(i.at) >= Date.parse(shown.shownSince!))).toBe(true);
  });

  it('lists each message sent to the contact with its status, its opens and its clicks; the click to the site carries the campaign to the lead', async () => {
    const lee = await addContact('lee@example.com', 'Lee');
    const sam = await addContact('sam@example.com', 'Sam');
    const sent = await stack.api('/api/marketing/single-send', {
      token,
      body: {
        name: 'Spring lots',
        subject: 'Lots for you, {{firstName}}',
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        content: `<p>Hi {{firstName}}</p><p><a href="${LOT_PAGE}">Lot 12</a> <a href="${MAP}">Directions</a></p>`,
        recipients: ['LEE@example.com', 'sam@example.com'],
      },
    });
    expect(sent.status).toBe(202);
    const { campaignId } = (await sent.json()) as { campaignId: number };
    // The mailer stores the campaign once it takes the request off the stream: until then, 404.
    const campaign = await eventually(
      async () => {
        const res = await stack.api(`/api/marketing/campaigns/${campaignId}`, { token });
        if (res.status === 404) return undefined;
        expect(res.status).toBe(200);
        const c = (await res.json()) as CampaignDetail;
        return c.status === 'completed' ? c : undefined;
      },
      20_000,
      'the campaign to complete',
    );
    expect(campaign.sent_count).toBe(2);
    // People open and click a while after the message arrives; within seconds of sending it is a
    // machine's (services/mailer/src/tracking/machine-hits.ts).
    await stack.platform.db.knex
      .withSchema('mailer')
      .table('deliveries')
      .where({ campaign_id: campaign.id })
      .update({ sent_at: stack.platform.db.knex.raw("sent_at - interval '1 hour'") });

    const html = String(sink.messages.find((m) => m.to === 'lee@example.com')!.parsed.html);
    const [lotClick, mapClick] = [...html.matchAll(/href="([^"]*\/e\/c\/[^"]+)"/g)].map((m) => local(m[1]!));
    const pixel = local(/src="([^"]*\/e\/o\/[^"]+)"/.exec(html)![1]!);

    // Before anything is opened, the history shows the message as sent, with its campaign.
    const before = await history(lee.id);
    expect(before.items.filter((i) => i.type.startsWith('email_'))).toEqual([
      expect.objectContaining({
        type: 'email_sent',
        campaignName: 'Spring lots',
        subject: 'Lots for you, Lee',
        status: 'sent',
      }),
    ]);

    expect((await fetch(pixel, { headers: { 'user-agent': CHROME_UA } })).status).toBe(200);
    const toLot = await fetch(lotClick!, { redirect: 'manual', headers: { 'user-agent': CHROME_UA } });
    expect(toLot.status).toBe(302);
    const landing = new URL(toLot.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe('https://lakepowelllots.com/lots/12');
    expect(Object.fromEntries(landing.searchParams)).toMatchObject({
      view: 'plan',
      utm_source: 'email',
      utm_medium: 'email',
      utm_campaign: 'Spring lots',
      utm_id: String(campaign.id),
    });
    // A link to another host goes exactly where the message's author pointed.
    const toMap = await fetch(mapClick!, { redirect: 'manual' });
    expect(toMap.headers.get('location')).toBe(MAP);

    // The gateway answered at once; the mailer records the open and the clicks off the stream.
    const mail = await eventually(
      async () => {
        const items = (await history(lee.id)).items.filter((i) => i.type.startsWith('email_'));
        return items.length === 4 ? items : undefined;
      },
      10_000,
      'the open and the clicks in the history',
    );
    expect(mail.map((i) => i.type)).toEqual(['email_clicked', 'email_clicked', 'email_opened', 'email_sent']);
    expect(mail.filter((i) => i.type === 'email_clicked').map((i) => 'url' in i && i.url)).toEqual(
      expect.arrayContaining([LOT_PAGE, MAP]),
    );
    expect(mail.find((i) => i.type === 'email_opened')).toMatchObject({
      campaignName: 'Spring lots',
      subject: 'Lots for you, Lee',
      proxy: false,
    });
    // The opens and clicks just now; the message an hour ago (its send time was moved back above).
    for (const item of mail)
      expect(Date.parse(item.at)).toBeGreaterThan(Date.now() - (item.type === 'email_sent' ? 3_720_000 : 120_000));
    // The other recipient's history shows its own message only, none of Lee's opens or clicks.
    const samMail = (await history(sam.id)).items.filter((i) => i.type.startsWith('email_'));
    expect(samMail).toEqual([expect.objectContaining({ type: 'email_sent', subject: 'Lots for you, Sam' })]);

    // The site's tracker forwards the landing page's utm_* parameters with its page view.
    const sessionId = crypto.randomUUID();
    const hit = new URLSearchParams({ p: landing.pathname, sid: sessionId, dt: 'desktop', br: 'Chrome' });
    for (const [k, val] of landing.searchParams) if (k.startsWith('utm_')) hit.set(k, val);
    const pv = await fetch(`${stack.baseUrl}/api/analytics/pixel?${hit}`, { headers: { 'user-agent': CHROME_UA } });
    expect(pv.headers.get('x-pixel-dropped')).toBeNull();
    const submitted = await stack.api('/api/contact', {
      body: {
        firstName: 'Lee',
        lastName: 'Tsosie',
        phone: '(928) 555-0134',
        email: 'lee@example.com',
        interest: 'Available Lots',
        message: 'Is lot 12 still available?',
        source: 'home',
        page: '/lots/12',
        website: '',
        elapsedMs: 4000,
        sessionId,
      },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(submitted.status).toBe(201);
    const attribution = await eventually(
      async () => {
        const list = await json<(LeadAttribution & { submissionId: number })[]>(
          '/api/marketing-dashboard/submission-attribution',
        );
        return list.find((a) => a.sessionId === sessionId && a.firstTouch !== null);
      },
      15_000,
      'the submission attributed',
    );
    expect(attribution.firstTouch).toMatchObject({
      source: 'email',
      utmMedium: 'email',
      utmCampaign: 'Spring lots',
      landingPage: '/lots/12',
    });
    expect(attribution.emailCampaign).toBe('Spring lots');
    const leads = await json<LeadsBySource>('/api/marketing-dashboard/leads-by-source?days=30');
    expect(leads.emailCampaigns).toEqual([
      { value: 'Spring lots', leads: 1, visits: 1, convertingVisits: 1, conversionRate: 100 },
    ]);
  });
});
