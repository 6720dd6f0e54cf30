/**
 * Block templates across the real boundaries: an image uploaded to the product's own store, a
 * block template saved through the API (the mailer renders it with MJML, reading the lot card's
 * lot from the inventory), its preview the same HTML as what was stored, bad blocks refused with
 * the field named, an HTML template that stays HTML, a block template switched to HTML, and the
 * saved template sent to a real SMTP server on loopback with the blocks, personalised, in the mail;
 * a lot card rendered again when staff change the lot's price, and a journey step mailing its
 * template as it is now (after that change and after an edit).
 */
import { expect, it } from 'vitest';
import {
  site,
  type CampaignDetail,
  type EmailBlock,
  type JourneyWithStats,
  type Lot,
  type PublicLots,
  type Template,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describeOnEachBackend('block templates', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });
  const json = async <T>(res: Response, status: number): Promise<T> => {
    const body = await res.text();
    expect(res.status, body).toBe(status);
    return JSON.parse(body) as T;
  };
  const errorOf = async (res: Response) =>
    (await json<{ error: { message: string; details?: { fields?: Record<string, string[]> } } }>(res, 400)).error;

  const blocksWith = (imageUrl: string): EmailBlock[] => [
    { id: 'h', type: 'heading', level: 1, text: 'Lake-view lots for {{firstName}}' },
    { id: 't', type: 'text', text: 'Three lots opened **this week** near Page. <b>not markup</b>' },
    { id: 'i', type: 'image', src: imageUrl, alt: 'The north rim', href: '' },
    { id: 'b', type: 'button', label: 'See the lot map', url: 'https://lakepowelllots.com/map' },
    { id: 'd', type: 'divider' },
    { id: 'l', type: 'lot', lotNumber: 7, photo: '' },
  ];

  it('saves a block template, previews and sends it as the mailer rendered it', async () => {
    const upload = await fetch(`${stack.baseUrl}/api/marketing/blog/images`, {
      method: 'POST',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
      body: PNG_1x1,
    });
    const image = await json<{ url: string }>(upload, 201);
    const blocks = blocksWith(image.url);
    const lot = (await json<PublicLots>(await stack.api('/api/lots'), 200)).lots.find((l) => l.number === 7)!;

    const created = await json<Template>(
      await stack.api('/api/marketing/templates', {
        token,
        body: {
          name: 'North rim',
          subject: 'New lots, {{firstName}}',
          editor: 'blocks',
          blocks,
          content: '<p>ignored</p>',
        },
      }),
      201,
    );
    expect(created).toMatchObject({ editor: 'blocks', blocks });
    const html = created.content;
    expect(html).not.toContain('ignored');
    expect(html).toMatch(/<h1 [^>]*>Lake-view lots for \{\{firstName\}\}<\/h1>/);
    expect(html).toContain('Three lots opened <strong>this week</strong> near Page. &lt;b&gt;not markup&lt;/b&gt;');
    expect(html).toContain(`<img src="${PUBLIC}${image.url}" alt="The north rim"`);
    expect(html).toMatch(/<a href="https:\/\/lakepowelllots\.com\/map"[^>]*>See the lot map<\/a>/);
    expect(html).toContain(`<a href="${PUBLIC}/lots/7">`);
    expect(html).toContain(`${lot.sizeSqFt.toLocaleString('en-US')} sq ft`);
    expect(html).toContain(lot.price === null ? '>Sold<' : `$${lot.price.toLocaleString('en-US')}`);
    // The editor's preview is the stored HTML, from the same renderer.
    const preview = await json<{ html: string }>(
      await stack.api('/api/marketing/templates/preview', { token, body: { blocks } }),
      200,
    );
    expect(preview.html).toBe(html);
    // Read back as saved.
    expect(
      await json<Template>(await stack.api(`/api/marketing/templates/${created.id}`, { token }), 200),
    ).toMatchObject({ editor: 'blocks', blocks, content: html });

    await knex
      .withSchema('crm')
      .table('contacts')
      .insert({ first_name: 'Ann', last_name: 'Buyer', email: 'ann@example.com', source: 'test' });
    const sent = await json<{ campaignId: number }>(
      await stack.api('/api/marketing/single-send', {
        token,
        body: {
          subject: created.subject,
          fromName: site.brand,
          fromEmail: site.email,
          content: created.content,
          recipients: ['ann@example.com'],
          templateId: created.id,
        },
      }),
      202,
    );
    const mail = await eventually(
      async () => sink.messages.find((m) => m.to === 'ann@example.com'),
      20_000,
      'the block e-mail',
    );
    expect(mail.parsed.subject).toBe('New lots, Ann');
    const delivered = String(mail.parsed.html);
    expect(delivered).toMatch(/<h1 [^>]*>Lake-view lots for Ann<\/h1>/);
    // Tracked links name their target: the button and the lot card's page.
    expect(delivered).toContain(`?u=${encodeURIComponent('https://lakepowelllots.com/map')}`);
    expect(delivered).toMatch(/See the lot map<\/a>/);
    expect(delivered).toMatch(new RegExp(`\\?u=${encodeURIComponent(`${PUBLIC}/lots/7`).replace(/[.?]/g, '\\$&')}`));
    expect(delivered).toContain('>Lot 7</h3>');
    expect(delivered).toContain(`<img src="${PUBLIC}${image.url}"`);
    expect(String(mail.parsed.text)).toContain('Lake-view lots for Ann');
    const campaign = await json<CampaignDetail>(
      await stack.api(`/api/marketing/campaigns/${sent.campaignId}`, { token }),
      200,
    );
    expect(campaign.sent_count).toBe(1);
  });

  it('refuses blocks that cannot be sent, naming the field', async () => {
    const save = (blocks: unknown) =>
      stack.api('/api/marketing/templates', {
        token,
        body: { name: 'Bad', subject: 'Bad', editor: 'blocks', blocks, content: '<p>x</p>' },
      });
    const script = await errorOf(await save([{ id: 'b', type: 'button', label: 'Go', url: 'javascript:alert(1)' }]));
    expect(script.details?.fields?.['blocks.0.url']).toEqual([
      'Use an address starting with https://, http:// or mailto:',
    ]);
    const outside = await errorOf(await save([{ id: 'i', type: 'image', src: 'https://evil.example/x.png', alt: '' }]));
    expect(Object.keys(outside.details?.fields ?? {})).toEqual(['blocks.0.src']);
    const noLot = await errorOf(
      await save([
        { id: 't', type: 'text', text: 'Hi' },
        { id: 'l', type: 'lot', lotNumber: 9999, photo: '' },
      ]),
    );
    expect(noLot.details?.fields).toEqual({ 'blocks.1.lotNumber': ['There is no lot 9999'] });
    expect((await errorOf(await save([]))).details?.fields?.blocks).toEqual(['Add at least one block']);
    const preview = await stack.api('/api/marketing/templates/preview', {
      token,
      body: { blocks: [{ id: 't', type: 'text', text: 'Hi {{nickname}}' }] },
    });
    expect((await errorOf(preview)).details?.fields?.['blocks.0.text']?.[0]).toMatch(
      /^Unknown merge tag: \{\{nickname\}\}/,
    );
  });

  it('switches a block template to HTML for good; an HTML template stays HTML', async () => {
    const blockTemplate = await json<Template>(
      await stack.api('/api/marketing/templates', {
        token,
        body: {
          name: 'Switching',
          subject: 'S',
          editor: 'blocks',
          blocks: [{ id: 'h', type: 'heading', level: 2, text: 'Hello' }],
          content: '<p>x</p>',
        },
      }),
      201,
    );
    const switched = await json<Template>(
      await stack.api(`/api/marketing/templates/${blockTemplate.id}`, {
        method: 'PUT',
        token,
        body: { name: 'Switching', subject: 'S', editor: 'html', content: '<h2>Hello as HTML</h2>', version: 1 },
      }),
      200,
    );
    expect(switched).toMatchObject({ editor: 'html', blocks: null, content: '<h2>Hello as HTML</h2>' });
    const back = await stack.api(`/api/marketing/templates/${blockTemplate.id}`, {
      method: 'PUT',
      token,
      body: {
        name: 'Switching',
        subject: 'S',
        editor: 'blocks',
        blocks: [{ id: 'h', type: 'heading', level: 2, text: 'Hello' }],
        content: '<p>x</p>',
        version: switched.version,
      },
    });
    expect((await errorOf(back)).message).toBe('An HTML template stays HTML: create a new template to use blocks');
    const still = await json<Template>(await stack.api(`/api/marketing/templates/${blockTemplate.id}`, { token }), 200);
    expect(still).toMatchObject({ editor: 'html', version: switched.version });
  });

  it('renders a lot card again when its lot’s price changes; a journey step mails the template as it is now', async () => {
    const lots = (await json<PublicLots>(await stack.api('/api/lots'), 200)).lots;
    const lot = lots.find((l) => l.status === 'available')!;
    const blocks = (text: string): EmailBlock[] => [
      { id: 't', type: 'text', text },
      { id: 'l', type: 'lot', lotNumber: lot.number, photo: '' },
    ];
    const template = await json<Template>(
      await stack.api('/api/marketing/templates', {
        token,
        body: {
          name: 'Price watch',
          subject: 'Lot news',
          editor: 'blocks',
          blocks: blocks('First copy'),
          content: '-',
        },
      }),
      201,
    );
    const journey = await json<JourneyWithStats>(
      await stack.api('/api/marketing/journeys', {
        token,
        body: {
          name: 'Lot news',
          trigger: { kind: 'manual' },
          steps: [{ id: 'news', kind: 'send', templateId: template.id }],
        },
      }),
      201,
    );

    const stored = await json<Lot>(await stack.api(`/api/marketing/lots/${lot.number}`, { token }), 200);
    const price = 123_457;
    await json<Lot>(
      await stack.api(`/api/marketing/lots/${lot.number}`, {
        token,
        method: 'PATCH',
        body: { version: stored.version, price },
      }),
      200,
    );
    // The stored template shows the new price soon after, its version untouched (no editor goes stale).
    const rendered = await eventually(
      async () => {
        const t = await json<Template>(await stack.api(`/api/marketing/templates/${template.id}`, { token }), 200);
        return t.content.includes('$123,457') ? t : undefined;
      },
      20_000,
      'the template rendered with the new price',
    );
    expect(rendered.version).toBe(template.version);
    expect(rendered.content).not.toContain(`$${lot.price!.toLocaleString('en-US')}`);

    // An edit after: the journey's step takes it too.
    await json<Template>(
      await stack.api(`/api/marketing/templates/${template.id}`, {
        token,
        method: 'PUT',
        body: {
          name: 'Price watch',
          subject: 'Lot news, {{firstName}}',
          editor: 'blocks',
          blocks: [
            ...blocks('Second copy'),
            { id: 'b', type: 'button', label: 'Book a tour', url: 'https://lakepowelllots.com/tour' },
          ],
          content: '-',
          version: rendered.version,
        },
      }),
      200,
    );
    const [{ id: listId }] = await knex.withSchema('crm').table('lists').insert({ name: 'Lot news' }).returning('id');
    const [{ id: contactId }] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({ first_name: 'Cal', last_name: 'Buyer', email: 'cal@example.com', source: 'test' })
      .returning('id');
    await knex.withSchema('crm').table('list_members').insert({ list_id: listId, contact_id: contactId });
    expect((await stack.api(`/api/marketing/journeys/${journey.id}/entries`, { token, body: { listId } })).status).toBe(
      202,
    );
    const mail = await eventually(
      async () => sink.messages.find((m) => m.to === 'cal@example.com'),
      30_000,
      'the journey’s mail',
    );
    expect(mail.parsed.subject).toBe('Lot news, Cal');
    const delivered = String(mail.parsed.html);
    expect(delivered).toContain('Second copy');
    expect(delivered).not.toContain('First copy');
    expect(delivered).toContain('$123,457');
    // The link the edit added is tracked like the others.
    expect(delivered).toContain(`?u=${encodeURIComponent('https://lakepowelllots.com/tour')}`);
  });
});
