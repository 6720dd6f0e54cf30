/**
 * A journey's tag and staff-alert steps, its reply and lot-status branches and its reply and
 * customer exits, end to end on both backends: contacts and lists made through the staff API, a
 * journey posted to `/api/marketing/journeys`, its contacts let in from a list; tags seen on the
 * contact, alerts in the SMTP sink (to every recipient, or one in turn, once per entry however
 * often the step's pass is run again), replies delivered through the inbound webhook, a lot's
 * status changed through the staff lots API.
 */
import { expect, it } from 'vitest';
import type { Contact, ContactList, JourneyFormInput, JourneyWithStats, Lot } from '@lp/contracts';
import { createLogger, type Knex } from '@lp/runtime';
import { runDueEntries } from '../../services/mailer/src/journeys/run-due-entries.ts';
import { describeOnEachBackend, sendLotLead } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';
const WEBHOOK_SECRET = 'webhook-secret-0123456789';
const ANN = 'ann@staff.test';
const BEN = 'ben@staff.test';

/** Retries an assertion until it holds or the time is up (then its last failure is thrown). */
async function until(check: () => unknown, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describeOnEachBackend('journey steps and exits', (backend) => {
  let token: string;
  let knex: Knex;
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0', WEBHOOK_SECRET },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
    },
  });

  const contact = async (email: string, tags: string[] = []) => {
    const res = await stack.api('/api/marketing/contacts', {
      token,
      body: { email, firstName: email.split('@')[0], lastName: 'Lake', tags },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as Contact;
  };
  const getContact = async (id: number) =>
    (await (await stack.api(`/api/marketing/contacts/${id}`, { token })).json()) as Contact;
  /** A list of new contacts (`local@domain` for each local part). */
  const listOf = async (name: string, emails: string[]) => {
    const res = await stack.api('/api/marketing/lists', { token, body: { name } });
    expect(res.status).toBe(201);
    const list = (await res.json()) as ContactList;
    const people = [];
    for (const email of emails) people.push(await contact(email));
    const added = await stack.api('/api/marketing/contacts-to-list', {
      token,
      body: { listId: list.id, contactIds: people.map((p) => p.id) },
    });
    expect(added.status).toBe(200);
    return { listId: list.id, people };
  };
  const create = async (form: JourneyFormInput) => {
    const res = await stack.api('/api/marketing/journeys', { token, body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as JourneyWithStats;
  };
  const read = async (id: number) =>
    (await (await stack.api(`/api/marketing/journeys/${id}`, { token })).json()) as JourneyWithStats;
  const enter = async (journeyId: number, listId: number) =>
    expect((await stack.api(`/api/marketing/journeys/${journeyId}/entries`, { token, body: { listId } })).status).toBe(
      202,
    );
  const step = (j: JourneyWithStats, id: string) => j.stats.steps.find((s) => s.stepId === id)!;
  const alertsTo = (to: string) =>
    sink.messages.filter((m) => m.to === to && String(m.parsed.subject).startsWith('Journey alert'));
  /** A mail from `from` reaching the inbox through the provider webhook (raw MIME). */
  const reply = async (from: string) => {
    const raw = [
      `From: ${from}`,
      'To: info@lakepowelllots.com',
      'Subject: Re: your lots',
      `Message-ID: <${crypto.randomUUID()}@example.com>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Is lot 12 still available?',
      '',
    ].join('\r\n');
    const res = await fetch(`${stack.baseUrl}/api/inbound/raw?secret=${WEBHOOK_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'message/rfc822' },
      body: raw,
    });
    expect(res.status).toBe(200);
  };

  it('adds and removes tags (seen on the contact, its version moved on, an edit opened before refused)', async () => {
    const res = await stack.api('/api/marketing/lists', { token, body: { name: 'Tagging' } });
    const { id: listId } = (await res.json()) as ContactList;
    const ada = await contact('ada@tags.test', ['cold lead']);
    await stack.api('/api/marketing/contacts-to-list', { token, body: { listId, contactIds: [ada.id] } });
    const j = await create({
      name: 'Warm up',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'warm', kind: 'add_tag', tag: 'Warm Lead' },
        { id: 'not-cold', kind: 'remove_tag', tag: 'cold lead' },
      ],
    });
    await enter(j.id, listId);
    await until(async () => expect((await read(j.id)).stats.completed).toBe(1), 30_000);
    const after = await getContact(ada.id);
    expect(after.tags).toEqual(['warm lead']);
    expect(after.version).toBeGreaterThan(ada.version);
    // A dialog opened before the journey changed the tags is told it is stale.
    const stale = await stack.api(`/api/marketing/contacts/${ada.id}`, {
      token,
      method: 'PUT',
      body: { email: ada.email, firstName: 'Ada', version: ada.version },
    });
    expect(stale.status).toBe(409);
  });

  it('refuses an alert to a staff account that does not exist, naming the recipient', async () => {
    const res = await stack.api('/api/marketing/journeys', {
      token,
      body: {
        name: 'Unknown staff',
        trigger: { kind: 'manual' },
        steps: [
          {
            id: 'tell',
            kind: 'alert_staff',
            recipients: [
              { staffId: null, email: 'ann@lakepowell.test' },
              { staffId: 987_654, email: 'nobody@lakepowell.test' },
            ],
            roundRobin: false,
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(body.error.details.fields).toEqual({ 'steps.0.recipients.1.staffId': ['Choose an enabled staff account'] });
  });

  it('refuses a list, segment or campaign that is gone, each at its field; a segment deleted after the save is named at the next edit', async () => {
    const post = async (body: JourneyFormInput) => {
      const res = await stack.api('/api/marketing/journeys', { token, body });
      return { status: res.status, body: (await res.json()) as { error?: { details: { fields: object } } } };
    };
    const { listId } = await listOf('Still here', ['still@here.test']);
    const gone = 987_654;
    const steps: JourneyFormInput['steps'] = [{ id: 'mark', kind: 'add_tag', tag: 'on a journey' }];
    const lists = await post({
      name: 'Gone lists',
      trigger: { kind: 'list_joined', listId: gone },
      steps: [
        { id: 'keep', kind: 'add_to_list', listId },
        { id: 'move', kind: 'remove_from_list', listId: gone + 1 },
      ],
    });
    expect(lists.status).toBe(400);
    expect(lists.body.error?.details.fields).toEqual({
      'trigger.listId': ['Choose an existing list'],
      'steps.1.listId': ['Choose an existing list'],
    });
    const segment = await post({
      name: 'Gone segment',
      trigger: { kind: 'segment_joined', segmentId: gone },
      steps,
    });
    expect(segment.body.error?.details.fields).toEqual({ 'trigger.segmentId': ['Choose an existing segment'] });
    const campaign = await post({
      name: 'Gone campaign',
      trigger: { kind: 'link_clicked', campaignId: gone, url: null },
      steps,
    });
    expect(campaign.status).toBe(400);
    expect(campaign.body.error?.details.fields).toEqual({ 'trigger.campaignId': ['Choose an existing campaign'] });

    const made = await stack.api('/api/marketing/segments', {
      token,
      body: { name: 'Soon deleted', filter: { match: 'all', conditions: [{ field: 'tag', op: 'has', tag: 'soon' }] } },
    });
    expect(made.status).toBe(201);
    const { id: segmentId } = (await made.json()) as { id: number };
    const form: JourneyFormInput = { name: 'On a segment', trigger: { kind: 'segment_joined', segmentId }, steps };
    const journey = await create(form);
    expect((await stack.api(`/api/marketing/segments/${segmentId}`, { token, method: 'DELETE' })).status).toBe(204);
    const edit = await stack.api(`/api/marketing/journeys/${journey.id}`, {
      token,
      method: 'PUT',
      body: { ...form, name: 'Renamed', version: journey.version },
    });
    expect(edit.status).toBe(400);
    expect(((await edit.json()) as { error: { details: { fields: object } } }).error.details.fields).toEqual({
      'trigger.segmentId': ['Choose an existing segment'],
    });
    expect(await read(journey.id)).toMatchObject({ name: 'On a segment', version: journey.version });
  });

  it('alerts every recipient, or one in turn, once per contact even when the pass runs again', async () => {
    const { listId, people } = await listOf('Alerted', [
      'al1@alerts.test',
      'al2@alerts.test',
      'al3@alerts.test',
      'al4@alerts.test',
    ]);
    const recipients = [
      { staffId: null, email: ANN },
      { staffId: null, email: BEN },
    ];
    const everyone = await create({
      name: 'Tell everyone',
      trigger: { kind: 'manual' },
      steps: [{ id: 'tell', kind: 'alert_staff', recipients, roundRobin: false }],
    });
    const inTurn = await create({
      name: 'Tell one',
      trigger: { kind: 'manual' },
      steps: [{ id: 'tell', kind: 'alert_staff', recipients, roundRobin: true }],
    });
    // A second engine beside the service's own, as a replica runs one.
    const replica = {
      knex,
      bus: stack.platform.bus,
      counters: stack.platform.counters,
      log: createLogger('replica', 'warn'),
      timeZone: 'UTC',
    };
    let stop = false;
    const second = (async () => {
      while (!stop)
        if ((await runDueEntries(replica, crypto.randomUUID(), 2)) === 0) await new Promise((r) => setTimeout(r, 20));
    })();
    await enter(everyone.id, listId);
    await enter(inTurn.id, listId);
    await until(async () => {
      expect((await read(everyone.id)).stats.completed).toBe(4);
      expect((await read(inTurn.id)).stats.completed).toBe(4);
    }, 30_000);
    await until(() => expect(alertsTo(ANN).length + alertsTo(BEN).length).toBe(12), 20_000);

    // The pass run again, as after a crash before the entries moved on: the step ran, no second alert.
    await knex
      .withSchema('mailer')
      .table('journey_entries')
      .whereIn('journey_id', [everyone.id, inTurn.id])
      .update({ state: 'active', step_id: 'tell', due_at: knex.fn.now(), leased_by: null, lease_until: null });
    await until(async () => {
      expect((await read(everyone.id)).stats.completed).toBe(4);
      expect((await read(inTurn.id)).stats.completed).toBe(4);
    }, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    stop = true;
    await second;

    const about = (to: string, journey: string) =>
      alertsTo(to)
        .filter((m) => String(m.parsed.subject).includes(`(${journey})`))
        .map((m) => String(m.parsed.subject).split(': ')[1])
        .sort();
    const names = people.map((p) => `${p.firstName} Lake`).sort();
    expect(about(ANN, 'Tell everyone')).toEqual(names);
    expect(about(BEN, 'Tell everyone')).toEqual(names);
    // In turn: two each, and each contact once.
    expect(about(ANN, 'Tell one')).toHaveLength(2);
    expect(about(BEN, 'Tell one')).toHaveLength(2);
    expect([...about(ANN, 'Tell one'), ...about(BEN, 'Tell one')].sort()).toEqual(names);

    const alert = alertsTo(ANN)[0]!;
    expect(alert.parsed.replyTo?.text).toMatch(/@alerts\.test/);
    expect(alert.parsed.text).toContain('Journey: Tell');
    expect(alert.parsed.text).toContain('Visit history: None recorded for this visitor');
    expect(alert.parsed.text).toContain(`${PUBLIC}/marketing/contacts?q=`);
  });

  it('branches on a reply, and a reply takes the contact out when the journey says so', async () => {
    const branch = await listOf('Replied branch', ['rb1@replies.test', 'rb2@replies.test']);
    const exit = await listOf('Replied exit', ['rx1@replies.test', 'rx2@replies.test']);
    const branching = await create({
      name: 'Asked a question',
      trigger: { kind: 'manual' },
      exits: { replied: false, customer: true },
      steps: [
        { id: 'wait', kind: 'wait', seconds: 5 },
        { id: 'did-reply', kind: 'branch', condition: 'replied', yes: 'answered', no: null },
        { id: 'silent', kind: 'add_tag', tag: 'silent' },
        { id: 'stop', kind: 'end' },
        { id: 'answered', kind: 'add_tag', tag: 'answered' },
      ],
    });
    const exiting = await create({
      name: 'Nurture until reply',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'wait', kind: 'wait', seconds: 5 },
        { id: 'nurtured', kind: 'add_tag', tag: 'nurtured' },
      ],
    });
    // Mail from before the contact entered does not count.
    await reply('rb2@replies.test');
    await enter(branching.id, branch.listId);
    await enter(exiting.id, exit.listId);
    await until(async () => {
      expect(step(await read(branching.id), 'wait').waiting).toBe(2);
      expect(step(await read(exiting.id), 'wait').waiting).toBe(2);
    }, 20_000);
    await reply('RB1@replies.test');
    await reply('rx1@replies.test');
    await until(async () => {
      expect((await read(branching.id)).stats.completed).toBe(2);
      expect((await read(exiting.id)).stats).toMatchObject({ completed: 1, exited: 1 });
    }, 30_000);
    const [rb1, rb2] = branch.people;
    expect((await getContact(rb1!.id)).tags).toEqual(['answered']);
    expect((await getContact(rb2!.id)).tags).toEqual(['silent']);
    const s = await read(exiting.id);
    expect(s.stats.exitedBy).toEqual({ unsubscribed_or_bounced: 0, replied: 1, customer: 0 });
    expect(step(s, 'nurtured')).toMatchObject({ passed: 1 });
    expect(step(s, 'wait').left).toBe(1);
    expect((await getContact(exit.people[0]!.id)).tags).toEqual([]);
    expect((await getContact(exit.people[1]!.id)).tags).toEqual(['nurtured']);
  });

  it('takes out a contact tagged customer before its step', async () => {
    const { listId, people } = await listOf('Customers', ['cu1@customers.test', 'cu2@customers.test']);
    const j = await create({
      name: 'Until they buy',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'wait', kind: 'wait', seconds: 5 },
        { id: 'tell', kind: 'alert_staff', recipients: [{ staffId: null, email: ANN }], roundRobin: false },
      ],
    });
    await enter(j.id, listId);
    await until(async () => expect(step(await read(j.id), 'wait').waiting).toBe(2), 20_000);
    const buyer = await getContact(people[0]!.id);
    const tagged = await stack.api(`/api/marketing/contacts/${buyer.id}`, {
      token,
      method: 'PUT',
      body: {
        email: buyer.email,
        firstName: buyer.firstName,
        lastName: buyer.lastName,
        tags: ['Customer'],
        version: buyer.version,
      },
    });
    expect(tagged.status).toBe(200);
    await until(async () => expect((await read(j.id)).stats).toMatchObject({ completed: 1, exited: 1 }), 30_000);
    expect((await read(j.id)).stats.exitedBy.customer).toBe(1);
    await until(
      () => expect(alertsTo(ANN).filter((m) => String(m.parsed.subject).includes('Until they buy'))).toHaveLength(1),
      20_000,
    );
    expect(
      String(alertsTo(ANN).find((m) => String(m.parsed.subject).includes('Until they buy'))!.parsed.subject),
    ).toContain('cu2 Lake');
  });

  it('branches on a lot’s status: a lot it names, or the lot the contact asked about', async () => {
    const lots = (await (await stack.api('/api/marketing/lots', { token })).json()) as Lot[];
    const [named, asked] = lots.filter((l) => l.status === 'available');
    const setStatus = async (lot: Lot, status: Lot['status']) => {
      const now = (await (await stack.api(`/api/marketing/lots/${lot.number}`, { token })).json()) as Lot;
      const res = await stack.api(`/api/marketing/lots/${lot.number}`, {
        token,
        method: 'PATCH',
        body: { version: now.version, status },
      });
      expect(res.status).toBe(200);
    };
    const lotSteps = (lotNumber: number | null): JourneyFormInput['steps'] => [
      {
        id: 'is-it-gone',
        kind: 'branch',
        condition: 'lot_status',
        lotNumber,
        lotStatuses: ['reserved', 'sold'],
        yes: 'gone',
        no: null,
      },
      { id: 'open', kind: 'add_tag', tag: 'lot still open' },
      { id: 'stop', kind: 'end' },
      { id: 'gone', kind: 'add_tag', tag: 'lot gone' },
    ];
    const byNumber = await create({ name: 'Named lot', trigger: { kind: 'manual' }, steps: lotSteps(named!.number) });
    const first = await listOf('Lot before', ['lb1@lots.test']);
    await enter(byNumber.id, first.listId);
    await until(async () => expect((await read(byNumber.id)).stats.completed).toBe(1), 30_000);
    await setStatus(named!, 'reserved');
    const second = await listOf('Lot after', ['la1@lots.test']);
    await enter(byNumber.id, second.listId);
    await until(async () => expect((await read(byNumber.id)).stats.completed).toBe(2), 30_000);
    expect((await getContact(first.people[0]!.id)).tags).toEqual(['lot still open']);
    expect((await getContact(second.people[0]!.id)).tags).toEqual(['lot gone']);

    // The entry's lot: the one the contact's form asked about; an entry without one goes `no`.
    await setStatus(asked!, 'sold');
    const buyer = await contact('asker@lots.test');
    const noLot = await listOf('No lot', ['nolot@lots.test']);
    const entryLot = await create({
      name: 'Asked lot',
      trigger: { kind: 'form_submission', interest: 'lot' },
      steps: lotSteps(null),
    });
    expect((await sendLotLead(stack, asked!.number, 'asker@lots.test')).status).toBe(201);
    await until(async () => expect((await read(entryLot.id)).stats.completed).toBe(1), 30_000);
    expect((await getContact(buyer.id)).tags).toEqual(['lot gone']);
    await enter(entryLot.id, noLot.listId);
    await until(async () => expect((await read(entryLot.id)).stats.completed).toBe(2), 30_000);
    expect((await getContact(noLot.people[0]!.id)).tags).toEqual(['lot still open']);
  });
});
