/**
 * Journeys end to end, on both backends: a form submission of the journey's interest enters
 * the contact → the first mail through the send path (SMTP sink) → a short wait → a branch on
 * whether the contact clicked it → the branch's mail; pause (contacts wait where they are), an
 * edit that removes the step they wait at (they move to the next one), resume; list steps and
 * the unsubscribed / bounced exit; a wait until a weekday and hour in the site's time zone; a
 * contact entering again mailed again; and a second engine running beside the service's own (a
 * replica) never runs a step twice or mails twice.
 */
import { expect, it } from 'vitest';
import type { Journey, JourneyFormInput, JourneyWithStats, Template } from '@lp/contracts';
import { createLogger, type Knex } from '@lp/runtime';
import { nextWallTime } from '../../services/mailer/src/journeys/journey-steps.ts';
import { runDueEntries } from '../../services/mailer/src/journeys/run-due-entries.ts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStackAndSmtpSink } from '../support/fixtures.ts';

const PUBLIC = 'https://mail.lakepowell.test';

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

describeOnEachBackend('journeys', (backend) => {
  let token: string;
  let knex: Knex;
  const templates: Record<string, number> = {};
  const { stack, sink } = useStackAndSmtpSink({
    backend,
    env: { MAIL_PUBLIC_URL: PUBLIC, MAIL_SEND_RATE: '0' },
    setup: async (s) => {
      token = await s.login();
      knex = s.platform.db.knex;
      for (const name of ['Welcome', 'Reminder', 'Thanks for looking']) {
        const res = await s.api('/api/marketing/templates', {
          token,
          body: {
            name,
            subject: `${name} {{firstName}}`,
            content: `<p>${name}, {{firstName}}. <a href="https://lakepowelllots.com/lots">See the lots</a></p>`,
          },
        });
        expect(res.status).toBe(201);
        templates[name] = ((await res.json()) as Template).id;
      }
    },
  });

  const contact = async (email: string, listId?: number) => {
    const [c] = await knex
      .withSchema('crm')
      .table('contacts')
      .insert({
        first_name: email.split('@')[0],
        last_name: 'Lake',
        email,
        status: 'subscribed',
        source: 'manual_entry',
      })
      .returning<{ id: number }[]>('id');
    if (listId) await knex.withSchema('crm').table('list_members').insert({ list_id: listId, contact_id: c!.id });
    return c!.id;
  };
  const list = async (name: string) =>
    (await knex.withSchema('crm').table('lists').insert({ name }).returning<{ id: number }[]>('id'))[0]!.id;
  const create = async (form: JourneyFormInput) => {
    const res = await stack.api('/api/marketing/journeys', { token, body: form });
    expect(res.status).toBe(201);
    return (await res.json()) as JourneyWithStats;
  };
  const read = async (id: number) =>
    (await (await stack.api(`/api/marketing/journeys/${id}`, { token })).json()) as JourneyWithStats;
  const subjects = (to: string) => sink.messages.filter((m) => m.to === to).map((m) => m.parsed.subject);
  const step = (j: JourneyWithStats, id: string) => j.stats.steps.find((s) => s.stepId === id)!;
  const lead = (email: string, key: string) =>
    stack.api('/api/contact', {
      headers: { 'Idempotency-Key': key },
      body: {
        firstName: 'Ada',
        lastName: 'Lake',
        phone: '9285550100',
        email,
        source: 'lot-page',
        lotNumber: 7,
        website: '',
      },
    });

  it('refuses a branch that jumps back or to no step, naming the field', async () => {
    const res = await stack.api('/api/marketing/journeys', {
      token,
      body: {
        name: 'Bad',
        trigger: { kind: 'manual' },
        steps: [
          { id: 'a', kind: 'send', templateId: 1 },
          { id: 'b', kind: 'branch', condition: 'opened', yes: 'a', no: 'zz' },
        ],
      },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(body.error.details.fields).toMatchObject({
      'steps.1.yes': ['A branch can only go to a later step'],
      'steps.1.no': ['Choose a step of this journey'],
    });
    const unknown = await stack.api('/api/marketing/journeys', {
      token,
      body: { name: 'Bad', trigger: { kind: 'manual' }, steps: [{ id: 'a', kind: 'send', templateId: 999_999 }] },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { details: { fields: object } } }).error.details.fields).toEqual({
      'steps.0.templateId': ['Choose an existing template'],
    });
  });

  it('runs a submission through send, wait, a branch on clicks and the branch’s mail, each once', async () => {
    await contact('ada@journeys.test');
    await contact('bob@journeys.test');
    const j = await create({
      name: 'Lot leads',
      trigger: { kind: 'form_submission', interest: 'lot' },
      steps: [
        { id: 'welcome', kind: 'send', templateId: templates.Welcome! },
        { id: 'pause', kind: 'wait', seconds: 4 },
        { id: 'clicked', kind: 'branch', condition: 'clicked', yes: 'thanks', no: null },
        { id: 'reminder', kind: 'send', templateId: templates.Reminder! },
        { id: 'done', kind: 'end' },
        { id: 'thanks', kind: 'send', templateId: templates['Thanks for looking']! },
      ],
    });
    const adaKey = crypto.randomUUID();
    expect((await lead('ada@journeys.test', adaKey)).status).toBe(201);
    expect((await lead('bob@journeys.test', crypto.randomUUID())).status).toBe(201);
    // The same post again (a double click): one entry.
    expect((await lead('ada@journeys.test', adaKey)).status).toBe(201);
    await until(() => expect(subjects('bob@journeys.test')).toEqual(['Welcome bob']), 20_000);
    // Bob clicks (an hour later as the tracking sees it: a click seconds after sending is a scanner's).
    await knex
      .withSchema('mailer')
      .table('deliveries')
      .update({ sent_at: knex.raw("sent_at - interval '1 hour'") });
    const html = String(sink.messages.find((m) => m.to === 'bob@journeys.test')!.parsed.html);
    const click = /href="([^"]*\/e\/c\/[^"]+)"/.exec(html)![1]!.replace(PUBLIC, stack.baseUrl);
    const res = await fetch(click, {
      redirect: 'manual',
      headers: { 'user-agent': 'Mozilla/5.0 (Macintosh) Chrome/130' },
    });
    expect(res.status).toBe(302);
    await until(async () => {
      const s = await read(j.id);
      expect(s.stats.completed).toBe(2);
    }, 30_000);
    // The last mail leaves through the send worker just after its step ran.
    await until(() => expect(subjects('ada@journeys.test')).toEqual(['Welcome ada', 'Reminder ada']), 10_000);
    await until(() => expect(subjects('bob@journeys.test')).toEqual(['Welcome bob', 'Thanks for looking bob']), 10_000);
    const s = await read(j.id);
    expect(s.stats.entered).toBe(2);
    expect(s.stats.steps.map((x) => [x.stepId, x.passed])).toEqual([
      ['welcome', 2],
      ['pause', 2],
      ['clicked', 2],
      ['reminder', 1],
      ['done', 1],
      ['thanks', 1],
    ]);
    // The journey's mail is not a campaign of the Campaigns screen.
    const campaigns = (await (await stack.api('/api/marketing/campaigns', { token })).json()) as { name: string }[];
    expect(campaigns.filter((c) => c.name.startsWith('Lot leads'))).toEqual([]);
  });

  it('mails a step again to a contact who enters again, once per entry', async () => {
    await contact('eve@journeys.test');
    const j = await create({
      name: 'Every lead',
      trigger: { kind: 'form_submission', interest: 'any' },
      steps: [{ id: 'thanks', kind: 'send', templateId: templates['Thanks for looking']! }],
    });
    const first = crypto.randomUUID();
    expect((await lead('eve@journeys.test', first)).status).toBe(201);
    const thanks = () => subjects('eve@journeys.test').filter((x) => x?.startsWith('Thanks'));
    await until(() => expect(thanks()).toEqual(['Thanks for looking eve']), 20_000);
    // A second form a day later is a second entry: the step's mail again; the first form posted again is not.
    expect((await lead('eve@journeys.test', crypto.randomUUID())).status).toBe(201);
    expect((await lead('eve@journeys.test', first)).status).toBe(201);
    await until(() => expect(thanks()).toEqual(['Thanks for looking eve', 'Thanks for looking eve']), 20_000);
    await until(async () => expect((await read(j.id)).stats).toMatchObject({ entered: 2, completed: 2 }), 10_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(thanks()).toHaveLength(2);
  });

  it('moves contacts between lists, and lets out those who unsubscribed or bounced before the next step', async () => {
    const from = await list('Journey leads');
    const to = await list('Journey nurtured');
    const people = ['fay@journeys.test', 'gus@journeys.test', 'hal@journeys.test'];
    const ids = [];
    for (const email of people) ids.push(await contact(email, from));
    const j = await create({
      name: 'Nurture',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'in', kind: 'add_to_list', listId: to },
        { id: 'out', kind: 'remove_from_list', listId: from },
        { id: 'pause', kind: 'wait', seconds: 3 },
        { id: 'hello', kind: 'send', templateId: templates.Welcome! },
      ],
    });
    expect((await stack.api(`/api/marketing/journeys/${j.id}/entries`, { token, body: { listId: from } })).status).toBe(
      202,
    );
    await until(async () => expect(step(await read(j.id), 'pause').waiting).toBe(3), 20_000);
    const members = async (listId: number) =>
      (await knex.withSchema('crm').table('list_members').where({ list_id: listId }).orderBy('contact_id')).map(
        (m: { contact_id: number }) => m.contact_id,
      );
    expect(await members(to)).toEqual(ids);
    expect(await members(from)).toEqual([]);
    // During the wait one unsubscribes and one's address bounces: they leave before the send.
    await knex.withSchema('crm').table('contacts').where({ id: ids[1] }).update({ status: 'unsubscribed' });
    await knex.withSchema('crm').table('contacts').where({ id: ids[2] }).update({ status: 'bounced' });
    await until(async () => expect((await read(j.id)).stats).toMatchObject({ completed: 1, exited: 2 }), 20_000);
    const s = await read(j.id);
    expect(s.stats.exitedBy).toEqual({ unsubscribed_or_bounced: 2, replied: 0, customer: 0 });
    // Checked as the wait ends, before it moves them on: they leave at the wait.
    expect(step(s, 'pause')).toMatchObject({ passed: 1, left: 2 });
    expect(step(s, 'hello')).toMatchObject({ passed: 1, left: 0 });
    await until(() => expect(subjects('fay@journeys.test')).toEqual(['Welcome fay']), 10_000);
    expect([...subjects('gus@journeys.test'), ...subjects('hal@journeys.test')]).toEqual([]);
  });

  it('waits until the next weekday and hour of the site’s time zone', async () => {
    const listId = await list('Journey Monday');
    await contact('ivy@journeys.test', listId);
    const j = await create({
      name: 'Monday morning',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'monday', kind: 'wait_until', weekday: 1, hour: 9 },
        { id: 'hello', kind: 'send', templateId: templates.Welcome! },
      ],
    });
    const before = new Date();
    await stack.api(`/api/marketing/journeys/${j.id}/entries`, { token, body: { listId } });
    await until(async () => expect(step(await read(j.id), 'monday').waiting).toBe(1), 20_000);
    const entry = (await knex.withSchema('mailer').table('journey_entries').where({ journey_id: j.id }).first()) as {
      due_at: Date;
      entered_at: Date;
    };
    const due = new Date(entry.due_at);
    expect(due.getTime()).toBe(
      nextWallTime(new Date(entry.entered_at), 1, 9, stack.env.SITE_TIME_ZONE ?? 'America/Phoenix').getTime(),
    );
    // Monday 09:00 in Phoenix (UTC−7 all year) is 16:00 UTC, within the coming week.
    expect(due.getUTCDay()).toBe(1);
    expect(due.getUTCHours()).toBe(16);
    expect(due.getTime() - before.getTime()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(subjects('ivy@journeys.test')).toEqual([]);
  });

  it('keeps contacts where they are while paused, moves them on when their step is removed, and goes on when resumed', async () => {
    const listId = await list('Journey pause');
    await contact('cy@journeys.test', listId);
    await contact('di@journeys.test', listId);
    const j = await create({
      name: 'Nurture',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'hello', kind: 'send', templateId: templates.Welcome! },
        { id: 'long', kind: 'wait', seconds: 3600 },
        { id: 'again', kind: 'send', templateId: templates.Reminder! },
      ],
    });
    const entered = await stack.api(`/api/marketing/journeys/${j.id}/entries`, { token, body: { listId } });
    expect(await entered.json()).toEqual({ accepted: true });
    await until(async () => expect(step(await read(j.id), 'long').waiting).toBe(2), 20_000);
    const paused = await stack.api(`/api/marketing/journeys/${j.id}/status`, {
      token,
      method: 'PUT',
      body: { status: 'paused' },
    });
    expect(((await paused.json()) as Journey).status).toBe('paused');
    const current = await read(j.id);
    const edit = (version: number) =>
      stack.api(`/api/marketing/journeys/${j.id}`, {
        token,
        method: 'PUT',
        body: { version, name: 'Nurture', trigger: { kind: 'manual' }, steps: [current.steps[0], current.steps[2]] },
      });
    expect((await edit(current.version)).status).toBe(200);
    expect((await edit(current.version)).status).toBe(409);
    await new Promise((r) => setTimeout(r, 2000));
    const moved = await read(j.id);
    expect(step(moved, 'again')).toMatchObject({ waiting: 2, passed: 0 });
    expect(subjects('cy@journeys.test')).toEqual(['Welcome cy']);
    await stack.api(`/api/marketing/journeys/${j.id}/status`, { token, method: 'PUT', body: { status: 'active' } });
    await until(() => expect(subjects('cy@journeys.test')).toEqual(['Welcome cy', 'Reminder cy']), 20_000);
    await until(() => expect(subjects('di@journeys.test')).toEqual(['Welcome di', 'Reminder di']), 20_000);
    expect((await read(j.id)).stats.completed).toBe(2);
  });

  it('lets in contacts who join the list after the journey was made, once each, never those already on it', async () => {
    const listId = await list('Journey joins');
    await contact('early@journeys.test', listId);
    const late = await contact('late@journeys.test');
    const j = await create({
      name: 'Joiners',
      trigger: { kind: 'list_joined', listId },
      steps: [{ id: 'hi', kind: 'send', templateId: templates.Welcome! }],
    });
    const add = await stack.api('/api/marketing/contacts-to-list', { token, body: { listId, contactIds: [late] } });
    expect(add.status).toBe(200);
    // Added twice: still one joining.
    await stack.api('/api/marketing/contacts-to-list', { token, body: { listId, contactIds: [late] } });
    // Read 5 s after joining (crm transactions still open may add members stamped earlier).
    await until(() => expect(subjects('late@journeys.test')).toEqual(['Welcome late']), 30_000);
    const s = await read(j.id);
    expect(s.stats).toMatchObject({ entered: 1, completed: 1 });
    expect(subjects('early@journeys.test')).toEqual([]);
  });

  it('runs each step once per contact with a second engine beside the service’s own', async () => {
    const listId = await list('Journey replicas');
    const people = Array.from({ length: 120 }, (_, i) => `r${i}@journeys.test`);
    for (const email of people) await contact(email, listId);
    const j = await create({
      name: 'Replicas',
      trigger: { kind: 'manual' },
      steps: [
        { id: 'one', kind: 'send', templateId: templates.Welcome! },
        { id: 'w', kind: 'wait', seconds: 1 },
        { id: 'two', kind: 'send', templateId: templates.Reminder! },
      ],
    });
    const { platform } = stack;
    const replica = {
      knex,
      bus: platform.bus,
      counters: platform.counters,
      log: createLogger('replica', 'warn'),
      timeZone: 'UTC',
    };
    let stop = false;
    const second = (async () => {
      while (!stop)
        if ((await runDueEntries(replica, crypto.randomUUID(), 25)) === 0) await new Promise((r) => setTimeout(r, 20));
    })();
    await stack.api(`/api/marketing/journeys/${j.id}/entries`, { token, body: { listId } });
    await until(async () => expect((await read(j.id)).stats.completed).toBe(120), 60_000);
    stop = true;
    await second;
    const runs = (
      await knex
        .withSchema('mailer')
        .table('journey_step_runs')
        .where({ journey_id: j.id })
        .count<{ n: string }[]>({ n: '*' })
    )[0]!;
    expect(Number(runs.n)).toBe(360);
    await until(() => expect(people.flatMap(subjects)).toHaveLength(240), 30_000);
    for (const email of people)
      expect(subjects(email)).toEqual([`Welcome ${email.split('@')[0]}`, `Reminder ${email.split('@')[0]}`]);
  });
});
