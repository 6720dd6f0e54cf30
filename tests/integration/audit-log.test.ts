/**
 * Every staff action is audited, or it does not happen: the entry is stored before the action
 * (a send is not published, a template not changed when it cannot be), an action the owning
 * service refuses is recorded as failed, one whose outcome cannot be recorded still answers its
 * success with the entry left pending, edits (templates, lists, contacts, list membership, lots, a form submission made a contact)
 * are in the log with actor, target and the fields changed, and so is a password reset from the
 * command line. Text the database cannot store as typed (an unpaired surrogate) never fails an entry.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import type { AuditEntry, AuditPage, Campaign, FormSubmission } from '@lp/contracts';
import { recordAudit } from '@lp/gateway/audit/record-audit';
import { listAuditEntries } from '@lp/gateway/queries/list-audit-entries';
import { openPglite, type Knex } from '@lp/runtime';
import { describeOnEachBackend, eventually, sendLotLead } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `pnpm admin:create-user <username> --password-stdin` with `env`; answers its exit code. */
function createUserFromCli(env: Record<string, string>, username: string, password: string): Promise<number | null> {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', username, '--password-stdin'], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.stdin.end(`${password}\n`);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
}

/** Makes the audit table refuse `op` (INSERT or UPDATE) until the returned function is called. */
async function refuseAudit(knex: Knex, op: 'INSERT' | 'UPDATE'): Promise<() => Promise<void>> {
  await knex.raw(`create or replace function gateway.refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit log refuses writes'; end $$`);
  await knex.raw(`create trigger refuse_audit before ${op} on gateway.audit_log
    for each row execute function gateway.refuse_audit()`);
  return async () => {
    await knex.raw('drop trigger refuse_audit on gateway.audit_log');
  };
}

describeOnEachBackend('the audit log comes first', (backend) => {
  let owner: string;
  let knex: Knex;
  const stack = useStack({
    backend,
    setup: async () => {
      owner = await stack.login();
      knex = stack.platform.db.knex;
    },
  });

  const call = async <T>(path: string, init: { method?: string; body?: unknown }, status: number): Promise<T> => {
    const res = await stack.api(path, { token: owner, ...init });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(status);
    return (status === 204 ? undefined : await res.json()) as T;
  };
  const audit = async () =>
    ((await (await stack.api('/api/marketing/audit?limit=200', { token: owner })).json()) as AuditPage).entries;
  const entryOf = async (action: string, target: string) =>
    (await audit()).filter((e) => e.action === action && e.target === target);
  const template = (name: string) => ({ name, subject: 'Lots this week', content: '<p>Hello</p>' });

  it('does not send, and answers 503 with the envelope, when the entry cannot be stored', async () => {
    const t = await call<{ id: number }>('/api/marketing/templates', { body: template('Kept as is') }, 201);
    const release = await refuseAudit(knex, 'INSERT');
    let sent: Response;
    let edited: Response;
    try {
      sent = await stack.api('/api/marketing/single-send', {
        token: owner,
        body: {
          subject: 'Never recorded',
          fromName: 'Lake Powell Lots',
          fromEmail: 'sales@lakepowelllots.com',
          content: '<p>Hello</p>',
          recipients: ['nobody.audit@example.com'],
        },
      });
      edited = await stack.api(`/api/marketing/templates/${t.id}`, {
        token: owner,
        method: 'PUT',
        body: { ...template('Renamed unrecorded'), subject: 'Changed', version: 1 },
      });
    } finally {
      await release();
    }
    for (const res of [sent, edited]) {
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'unavailable',
        message: expect.stringContaining('audit log') as string,
      });
    }
    // Nothing reached the mailer: no campaign, and the template is as it was.
    await new Promise((r) => setTimeout(r, 1000));
    const campaigns = await call<Campaign[]>('/api/marketing/campaigns', {}, 200);
    expect(campaigns.filter((c) => c.name === 'Never recorded')).toEqual([]);
    expect(await call<{ name: string; subject: string }>(`/api/marketing/templates/${t.id}`, {}, 200)).toMatchObject({
      name: 'Kept as is',
      subject: 'Lots this week',
    });
  });

  it('records an action the owning service refuses as failed, and one it fails as unknown, never as done', async () => {
    expect((await stack.api('/api/marketing/campaigns/999999/pause', { token: owner, method: 'POST' })).status).toBe(
      404,
    );
    expect((await entryOf('campaign.pause', 'campaign 999999')).map((e) => e.outcome)).toEqual(['failed']);

    const t = await call<{ id: number }>('/api/marketing/templates', { body: template('Breaks in the mailer') }, 201);
    await knex.raw(`create or replace function mailer.refuse_template() returns trigger language plpgsql as $$
      begin raise exception 'templates refuse updates'; end $$`);
    await knex.raw(`create trigger refuse_template before update on mailer.templates
      for each row execute function mailer.refuse_template()`);
    try {
      const res = await stack.api(`/api/marketing/templates/${t.id}`, {
        token: owner,
        method: 'PUT',
        body: { ...template('Breaks in the mailer'), subject: 'Other', version: 1 },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
    } finally {
      await knex.raw('drop trigger refuse_template on mailer.templates');
    }
    const [entry] = await entryOf('template.update', `template ${t.id}`);
    expect(entry?.outcome).toBe('unknown');
  });

  it('answers the action’s success when only its outcome cannot be recorded; the entry stays pending', async () => {
    const t = await call<{ id: number }>('/api/marketing/templates', { body: template('Outcome unrecorded') }, 201);
    const release = await refuseAudit(knex, 'UPDATE');
    try {
      await call(
        `/api/marketing/templates/${t.id}`,
        { method: 'PUT', body: { ...template('Outcome unrecorded 2'), version: 1 } },
        200,
      );
    } finally {
      await release();
    }
    expect(await call<{ name: string }>(`/api/marketing/templates/${t.id}`, {}, 200)).toMatchObject({
      name: 'Outcome unrecorded 2',
    });
    expect((await entryOf('template.update', `template ${t.id}`)).map((e) => e.outcome)).toEqual(['pending']);
  });

  it('records edits of templates, lists, contacts, list membership and lots with actor, target and fields', async () => {
    const admin = stack.admin.username;
    const t = await call<{ id: number }>('/api/marketing/templates', { body: template('Spring lots') }, 201);
    await call(
      `/api/marketing/templates/${t.id}`,
      { method: 'PUT', body: { ...template('Spring lots'), subject: 'New', version: 1 } },
      200,
    );
    const list = await call<{ id: number; version: number }>('/api/marketing/lists', { body: { name: 'Buyers' } }, 201);
    await call(
      `/api/marketing/lists/${list.id}`,
      { method: 'PUT', body: { name: 'Serious buyers', version: list.version } },
      200,
    );
    const c = await call<{ id: number; version: number }>(
      '/api/marketing/contacts',
      { body: { email: 'edit.audit@example.com' } },
      201,
    );
    await call(
      `/api/marketing/contacts/${c.id}`,
      {
        method: 'PUT',
        body: { email: 'edit.audit@example.com', firstName: 'Eve', status: 'unsubscribed', version: c.version },
      },
      200,
    );
    await call('/api/marketing/contacts-to-list', { body: { listId: list.id, contactIds: [c.id] } }, 200);
    await call(`/api/marketing/lists/${list.id}/contacts/${c.id}`, { method: 'DELETE' }, 204);
    await call(
      '/api/marketing/lots/4',
      { method: 'PATCH', body: { version: 1, status: 'reserved', price: 145000 } },
      200,
    );
    expect((await sendLotLead(stack, 4, 'lead.audit@example.com')).status).toBe(201);
    const lead = await eventually(async () =>
      (await call<FormSubmission[]>('/api/marketing/submissions', {}, 200)).find(
        (x) => x.email === 'lead.audit@example.com',
      ),
    );
    const converted = await call<{ contact: { id: number } }>(
      `/api/marketing/convert-submission/${lead.id}`,
      { body: {} },
      201,
    );

    const entries = await audit();
    const one = (action: string, target: string): AuditEntry | undefined =>
      entries.find((e) => e.action === action && e.target === target);
    const expected: [string, string, Record<string, unknown>][] = [
      ['template.create', `template ${t.id}`, { name: 'Spring lots' }],
      ['template.update', `template ${t.id}`, { changed: ['subject'] }],
      ['list.create', `list ${list.id}`, { name: 'Buyers' }],
      ['list.update', `list ${list.id}`, { name: 'Serious buyers', renamedFrom: 'Buyers', changed: ['name'] }],
      ['contact.create', `contact ${c.id}`, { email: 'edit.audit@example.com' }],
      [
        'contact.update',
        `contact ${c.id}`,
        { email: 'edit.audit@example.com', changed: ['firstName', 'status'], status: 'subscribed → unsubscribed' },
      ],
      ['contacts.add_to_list', `list ${list.id}`, { contacts: 1, added: 1 }],
      ['list.remove_contact', `list ${list.id}`, { contact: `contact ${c.id}` }],
      ['lot.update', 'lot 4', { changed: ['status', 'price'] }],
      ['contact.create', `contact ${converted.contact.id}`, { from: `form submission ${lead.id}`, created: true }],
    ];
    for (const [action, target, details] of expected)
      expect(one(action, target), `${action} ${target}`).toMatchObject({
        actor: admin,
        outcome: 'done',
        details,
      });
    // Names of fields, never what was typed into them.
    expect(JSON.stringify(one('contact.update', `contact ${c.id}`))).not.toContain('Eve');
  });

  it('stores text the database cannot take as typed (an unpaired surrogate) instead of failing the entry', async () => {
    await recordAudit(knex, { actorId: null, actor: 'test' }, 'email.send', 'campaign x \ud800', {
      subject: 'x \ud800',
      nested: { note: 'a\u0000b' },
    });
    const [entry] = (await listAuditEntries(knex, { limit: 1 })).entries;
    expect(entry).toMatchObject({
      actor: 'test',
      target: 'campaign x \uFFFD',
      details: { subject: 'x \uFFFD', nested: { note: 'a\uFFFDb' } },
    });
  });

  // Two runs of the command line, each a process that migrates its database: slow on a busy machine.
  it('records a password reset from the command line, in the command line’s name', { timeout: 240_000 }, async () => {
    const password = 'Canyon-Reset-Line-2026';
    // The embedded database takes one process at a time: there the command line gets its own.
    const dataDir = backend === 'real' ? null : mkdtempSync(join(tmpdir(), 'lp-cli-audit-'));
    const env: Record<string, string> = dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: stack.env.DATABASE_URL! };
    try {
      expect(await createUserFromCli(env, 'river.admin', password)).toBe(0);
      expect(await createUserFromCli(env, 'river.admin', `${password}!`)).toBe(0);
      const db = dataDir ? await openPglite({ dataDir }) : null;
      try {
        const { entries } = await listAuditEntries(db?.knex ?? knex, { limit: 200 });
        expect(
          entries.filter((e) => e.target === 'river.admin').map((e) => `${e.actor} ${e.action} ${e.outcome}`),
        ).toEqual(['cli staff.reset_password done', 'cli staff.create done']);
      } finally {
        await db?.close();
      }
    } finally {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
