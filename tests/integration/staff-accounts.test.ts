/**
 * Staff accounts and the audit log through the whole platform: an owner adds accounts under the
 * password policy, disables one (its sessions stop at once and it cannot sign in), re-enables it
 * and resets a password (old sessions revoked); a staff member cannot manage accounts. Sessions
 * resist fixation (a token the client brings is never adopted), end on sign-out and on expiry.
 * Every sign-in, sign-out, account change and blog publish/delete is in the audit log staff read.
 */
import { expect, it } from 'vitest';
import { SESSION_COOKIE, type AuditPage, type StaffAccount } from '@lp/contracts';
import { hashToken } from '@lp/gateway/auth/tokens';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

type Envelope = { error: { code: string; details?: { fields?: Record<string, string[]> } } };

describeOnEachBackend('staff accounts, sessions and the audit log', (backend) => {
  let owner: string;
  const stack = useStack({ backend, setup: async (s) => (owner = await s.login()) });

  const signIn = (username: string, password: string) =>
    stack.api('/api/marketing/auth/login', { body: { username, password } });
  const tokenOf = async (res: Response) => ((await res.json()) as { token: string }).token;
  const sessionStatus = async (token: string) => (await stack.api('/api/marketing/auth/session', { token })).status;
  const audit = async (token = owner) =>
    ((await (await stack.api('/api/marketing/audit?limit=200', { token })).json()) as AuditPage).entries;

  it('adds accounts only under the password policy, and only an owner may', async () => {
    for (const [password, problem] of [
      ['short1!', 'Use at least 12 characters'],
      ['aaaaaaaaaaaaaaaa', 'Use at least 5 different characters'],
      ['xx-dana.w-2026-yy', 'The password must not contain the username'],
      ['MyPassword2026!', 'This password is too easy to guess'],
    ] as const) {
      const res = await stack.api('/api/marketing/staff', {
        token: owner,
        body: { username: 'dana.w', password },
      });
      expect(res.status, password).toBe(400);
      expect(((await res.json()) as Envelope).error.details?.fields?.password?.[0]).toBeTruthy();
      void problem;
    }
    const created = await stack.api('/api/marketing/staff', {
      token: owner,
      body: { username: 'dana.w', password: 'Canyon-Sunrise-48' },
    });
    expect(created.status).toBe(201);
    const account = (await created.json()) as StaffAccount;
    expect(account).toMatchObject({ username: 'dana.w', role: 'staff', disabled: false });
    const again = await stack.api('/api/marketing/staff', {
      token: owner,
      body: { username: 'DANA.W', password: 'Canyon-Sunrise-48' },
    });
    expect(again.status).toBe(409);

    const dana = await tokenOf(await signIn('dana.w', 'Canyon-Sunrise-48'));
    const session = (await (await stack.api('/api/marketing/auth/session', { token: dana })).json()) as {
      user: { role: string };
    };
    expect(session.user.role).toBe('staff');
    // A staff member uses the dashboard but cannot manage accounts.
    expect((await stack.api('/api/marketing/submissions', { token: dana })).status).toBe(200);
    expect((await stack.api('/api/marketing/staff', { token: dana })).status).toBe(403);
    expect(
      (
        await stack.api('/api/marketing/staff', {
          token: dana,
          body: { username: 'x.y.z', password: 'Canyon-Sunrise-48' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await stack.api(`/api/marketing/staff/${account.id}/disable`, { token: dana, method: 'POST' })).status,
    ).toBe(403);
  });

  it('disabling an account ends its sessions at once and refuses its sign-in; enabling lets it back', async () => {
    const list = (await (await stack.api('/api/marketing/staff', { token: owner })).json()) as StaffAccount[];
    const dana = list.find((a) => a.username === 'dana.w')!;
    const [t1, t2] = [
      await tokenOf(await signIn('dana.w', 'Canyon-Sunrise-48')),
      await tokenOf(await signIn('dana.w', 'Canyon-Sunrise-48')),
    ];
    expect(await sessionStatus(t1)).toBe(200);
    const disabled = await stack.api(`/api/marketing/staff/${dana.id}/disable`, { token: owner, method: 'POST' });
    expect(((await disabled.json()) as StaffAccount).disabled).toBe(true);
    expect(await sessionStatus(t1)).toBe(401);
    expect(await sessionStatus(t2)).toBe(401);
    expect((await signIn('dana.w', 'Canyon-Sunrise-48')).status).toBe(401);
    // An owner cannot lock themselves out.
    const self = list.find((a) => a.username === stack.admin.username)!;
    expect((await stack.api(`/api/marketing/staff/${self.id}/disable`, { token: owner, method: 'POST' })).status).toBe(
      409,
    );

    await stack.api(`/api/marketing/staff/${dana.id}/enable`, { token: owner, method: 'POST' });
    expect(await sessionStatus(t1)).toBe(401); // revoked sessions stay revoked
    expect((await signIn('dana.w', 'Canyon-Sunrise-48')).status).toBe(200);
  });

  it('a password reset meets the policy and signs the account out everywhere', async () => {
    const list = (await (await stack.api('/api/marketing/staff', { token: owner })).json()) as StaffAccount[];
    const dana = list.find((a) => a.username === 'dana.w')!;
    const before = await tokenOf(await signIn('dana.w', 'Canyon-Sunrise-48'));
    const weak = await stack.api(`/api/marketing/staff/${dana.id}/password`, {
      token: owner,
      body: { password: 'dana.w-is-me-2026' },
    });
    expect(weak.status).toBe(400);
    const reset = await stack.api(`/api/marketing/staff/${dana.id}/password`, {
      token: owner,
      body: { password: 'Mesa-Juniper-73' },
    });
    expect(reset.status).toBe(200);
    expect(await sessionStatus(before)).toBe(401);
    expect((await signIn('dana.w', 'Canyon-Sunrise-48')).status).toBe(401);
    expect((await signIn('dana.w', 'Mesa-Juniper-73')).status).toBe(200);
    expect(
      (await stack.api('/api/marketing/staff/999999/password', { token: owner, body: { password: 'Mesa-Juniper-73' } }))
        .status,
    ).toBe(404);
  });

  it('never adopts a session token the client brings (fixation), and ends sessions on sign-out and expiry', async () => {
    const planted = 'attacker-chosen-token-0123456789abcdef';
    const res = await stack.api('/api/marketing/auth/login', {
      body: stack.admin,
      headers: { cookie: `${SESSION_COOKIE}=${planted}` },
    });
    expect(res.status).toBe(200);
    const issued = await tokenOf(res);
    expect(issued).not.toBe(planted);
    expect(res.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=${issued}`);
    expect(await sessionStatus(planted)).toBe(401);
    // Each sign-in is a new session: an earlier token is not carried over.
    const second = await tokenOf(await stack.api('/api/marketing/auth/login', { body: stack.admin }));
    expect(second).not.toBe(issued);

    await stack.api('/api/marketing/auth/logout', { token: issued, method: 'POST' });
    expect(await sessionStatus(issued)).toBe(401);
    expect(await sessionStatus(second)).toBe(200);

    // Expiry: a session past its expires_at is refused on its next request.
    await stack.platform.db.knex
      .withSchema('gateway')
      .table('staff_sessions')
      .where({ token_hash: hashToken(second) })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect(await sessionStatus(second)).toBe(401);
  });

  it('records sign-ins, sign-outs, account changes and blog publish/delete in an audit log staff can read', async () => {
    const created = await stack.api('/api/marketing/blog/articles', {
      token: owner,
      body: { title: 'Audit trail article', summary: 'S', contentMarkdown: 'Body text here.', tags: [] },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(
      (await stack.api(`/api/marketing/blog/articles/${id}/publish`, { token: owner, method: 'POST' })).status,
    ).toBe(200);
    expect((await stack.api(`/api/marketing/blog/articles/${id}`, { token: owner, method: 'DELETE' })).status).toBe(
      204,
    );

    const dana = await tokenOf(await signIn('dana.w', 'Mesa-Juniper-73'));
    const entries = await audit(dana);
    const seen = entries.map((e) => `${e.actor} ${e.action} ${e.target ?? ''}`.trim());
    const admin = stack.admin.username;
    expect(seen).toEqual(
      expect.arrayContaining([
        `${admin} auth.sign_in`,
        `${admin} auth.sign_out`,
        `${admin} staff.create dana.w`,
        `${admin} staff.disable dana.w`,
        `${admin} staff.enable dana.w`,
        `${admin} staff.reset_password dana.w`,
        `${admin} blog.create article ${id}`,
        `${admin} blog.publish article ${id}`,
        `${admin} blog.delete article ${id}`,
        'dana.w auth.sign_in',
      ]),
    );
    // Newest first, a page at a time; no password or token in any entry.
    expect(Number(entries[0]!.id)).toBeGreaterThan(Number(entries.at(-1)!.id));
    expect(JSON.stringify(entries)).not.toMatch(/Mesa-Juniper|Canyon-Sunrise|password_hash/);
    const page = (await (await stack.api('/api/marketing/audit?limit=2', { token: dana })).json()) as AuditPage;
    expect(page.entries).toHaveLength(2);
    const next = (await (
      await stack.api(`/api/marketing/audit?limit=2&cursor=${page.nextCursor}`, { token: dana })
    ).json()) as AuditPage;
    expect(next.entries[0]!.id).toBe(entries[2]!.id);
    expect((await stack.api('/api/marketing/audit?limit=0', { token: dana })).status).toBe(400);
    expect((await stack.api('/api/marketing/audit')).status).toBe(401);
  });

  it('records who sent which broadcast, who imported, and who deleted what, with the names that are gone after', async () => {
    const json = async <T>(res: Response, status: number) => {
      expect(res.status, await res.clone().text()).toBe(status);
      return (await res.json()) as T;
    };
    const form = new FormData();
    const csv = 'First Name,Last Name,Email Address\nAva,Stone,ava.audit@example.com\nBen,Reed,not-an-email\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'leads.csv');
    await json(
      await fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}` },
        body: form,
      }),
      200,
    );
    const [contact] = await json<{ id: number; email: string }[]>(
      await stack.api('/api/marketing/contacts?q=ava.audit', { token: owner }),
      200,
    );
    const sent = await json<{ campaignId: number }>(
      await stack.api('/api/marketing/single-send', {
        token: owner,
        body: {
          subject: 'Audit broadcast',
          fromName: 'Lake Powell Lots',
          fromEmail: 'sales@lakepowelllots.com',
          content: '<p>Hello {{firstName}}</p>',
          recipients: ['ava.audit@example.com'],
        },
      }),
      202,
    );
    const list = await json<{ id: number }>(
      await stack.api('/api/marketing/lists', { token: owner, body: { name: 'Audit list' } }),
      201,
    );
    const template = await json<{ id: number }>(
      await stack.api('/api/marketing/templates', {
        token: owner,
        body: { name: 'Audit template', subject: 'S', content: '<p>x</p>' },
      }),
      201,
    );
    for (const path of [
      `/api/marketing/contacts/${contact!.id}`,
      `/api/marketing/lists/${list.id}`,
      `/api/marketing/templates/${template.id}`,
    ])
      expect((await stack.api(path, { token: owner, method: 'DELETE' })).status, path).toBe(204);
    // A refused delete is no action: nothing recorded for it.
    expect((await stack.api('/api/marketing/contacts/999999', { token: owner, method: 'DELETE' })).status).toBe(404);

    const entries = await audit();
    const admin = stack.admin.username;
    const find = (action: string) => entries.find((e) => e.action === action && e.actor === admin);
    expect(find('contacts.import')?.details).toMatchObject({ imported: 1, invalid: 1 });
    expect(find('email.send')).toMatchObject({
      target: `campaign ${sent.campaignId}`,
      details: { subject: 'Audit broadcast', audience: '1 recipients' },
    });
    expect(find('contact.delete')).toMatchObject({
      target: `contact ${contact!.id}`,
      details: { email: 'ava.audit@example.com' },
    });
    expect(find('list.delete')?.target).toBe(`list ${list.id}`);
    expect(find('template.delete')).toMatchObject({ details: { name: 'Audit template' } });
    expect(entries.filter((e) => e.action === 'contact.delete')).toHaveLength(1);
  });
});
