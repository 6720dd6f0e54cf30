/**
 * Text PostgreSQL cannot store (a NUL character, an unpaired UTF-16 surrogate) is refused at the
 * edge with a 400 naming the field, before anything is published, delivered or audited; and a
 * message already on the bus that carries such text is parked as invalid, never half-handled.
 */
import { expect, it } from 'vitest';
import { DURABLES, eventMeta, site, SUBJECTS, type SendRequested } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

const NOT_STORABLE = ['Contains a character that is not allowed'];

describeOnEachBackend('text PostgreSQL cannot store', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
      for (const email of ['ann@example.com', 'bo@example.com'])
        await knex.withSchema('crm').table('contacts').insert({ email, status: 'subscribed', source: 'test' });
    },
  });

  const fieldsOf = async (res: Response) => {
    expect(res.status).toBe(400);
    const body = (await res.json()) as Envelope;
    expect(body.error.code).toBe('validation_failed');
    return body.error.details?.fields;
  };
  const send = (body: Record<string, unknown>) =>
    stack.api('/api/marketing/single-send', {
      token,
      body: {
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        subject: 'Lots',
        content: '<p>Hello</p>',
        recipients: ['ann@example.com', 'bo@example.com'],
        ...body,
      },
    });
  const campaigns = async () => Number((await knex.withSchema('mailer').table('campaigns').count({ n: '*' }))[0]!.n);
  const audited = async (action: string) =>
    Number((await knex.withSchema('gateway').table('audit_log').where({ action }).count({ n: '*' }))[0]!.n);

  it('refuses a template whose content holds a NUL with a 400 naming content', async () => {
    const res = await stack.api('/api/marketing/templates', {
      token,
      body: { name: 'Spring', subject: 'Spring lots', content: '<p>a\u0000b</p>' },
    });
    expect(await fieldsOf(res)).toEqual({ content: NOT_STORABLE });
  });

  it('refuses the same content to a single send with a 400: nothing published, nothing sent, nothing audited', async () => {
    expect(await fieldsOf(await send({ content: '<p>a\u0000b</p>' }))).toEqual({ content: NOT_STORABLE });
    expect(await fieldsOf(await send({ subject: 'x \ud800' }))).toEqual({ subject: NOT_STORABLE });
    expect(await fieldsOf(await send({ previewText: '\udc00 low' }))).toEqual({ previewText: NOT_STORABLE });
    // A good send afterwards is the only one delivered and the only one audited.
    const ok = await send({ subject: 'Storable' });
    expect(ok.status).toBe(202);
    await eventually(async () => (sink.messages.length >= 2 ? true : undefined), 15_000, 'good send delivered');
    expect(sink.messages.map((m) => m.parsed.subject)).toEqual(['Storable', 'Storable']);
    expect(await campaigns()).toBe(1);
    expect(await audited('email.send')).toBe(1);
  });

  it('refuses a lot description with an unpaired surrogate with a 400 naming description', async () => {
    const res = await stack.api('/api/marketing/lots/1', {
      method: 'PATCH',
      token,
      body: { version: 1, description: 'Lake view \ud800' },
    });
    expect(await fieldsOf(res)).toEqual({ description: NOT_STORABLE });
  });

  it('refuses a contact whose name holds a NUL, and one whose notes hold a lone surrogate', async () => {
    const nul = await stack.api('/api/marketing/contacts', {
      token,
      body: { email: 'nul@example.com', firstName: 'A\u0000n' },
    });
    expect(await fieldsOf(nul)).toEqual({ firstName: NOT_STORABLE });
    const notes = await stack.api('/api/marketing/contacts', {
      token,
      body: { email: 'notes@example.com', metadata: { notes: 'n \udfff' } },
    });
    expect(await fieldsOf(notes)).toEqual({ 'metadata.notes': NOT_STORABLE });
    const stored = await knex
      .withSchema('crm')
      .table('contacts')
      .whereIn('email', ['nul@example.com', 'notes@example.com']);
    expect(stored).toEqual([]);
  });

  it('imports a CSV whose cells hold a NUL as invalid rows with their reason, and the rest as contacts', async () => {
    const form = new FormData();
    const csv =
      'email,firstName,notes\r\nok@import.test,Ok,\r\nnul@import.test,N\u0000ul,\r\nnote@import.test,,a\u0000\r\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'contacts.csv');
    const res = await fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      imported: 1,
      errors: [
        { line: 3, reason: 'firstName: Contains a character that is not allowed' },
        { line: 4, reason: 'notes: Contains a character that is not allowed' },
      ],
    });
    const stored = await knex
      .withSchema('crm')
      .table('contacts')
      .where('email', 'like', '%@import.test')
      .pluck('email');
    expect(stored).toEqual(['ok@import.test']);
  });

  it('parks a send request already on the bus whose subject cannot be stored as invalid: no campaign, no mail', async () => {
    const parked = () =>
      stack.platform.counters.get('bus_dead_letters_total', { durable: DURABLES.mailerSends.name, reason: 'invalid' });
    const before = parked();
    const sent = sink.messages.length;
    const event: SendRequested = {
      ...eventMeta(),
      send: {
        name: 'Bus',
        subject: 'x \ud800',
        fromName: 'Lake Powell Lots',
        fromEmail: site.email,
        content: '<p>Hello</p>',
        previewText: '',
        audience: { emails: ['cy@example.com'] },
        scheduledFor: null,
        draft: false,
      },
    };
    await stack.platform.bus.publish(SUBJECTS.sendRequested, event, { msgId: event.id });
    await eventually(async () => (parked() === before + 1 ? true : undefined), 15_000, 'send request parked');
    expect(await campaigns()).toBe(1);
    expect(sink.messages.length).toBe(sent);
  });
});
