/**
 * The contacts search reaches every contact, ignoring case and accents on name and e-mail, and
 * pages its matches: among 50,000 contacts, the people seeded first (the oldest rows, beyond any
 * first page) are found by "dana", "NASH", "garcia", "garcía", "ødegård" and "odegard". A contact
 * written through the dashboard is found the same way, under its new name after an edit, and so
 * is one imported from a CSV file.
 */
import { expect, it } from 'vitest';
import type { Contact } from '@lp/contracts';
import { SEEDED_PEOPLE, seedContacts } from '../support/seed-contacts.ts';
import { describeOnEachBackend } from '../support/stack.ts';
import { useStack } from '../support/fixtures.ts';

describeOnEachBackend('contacts search over 50,000 contacts', (backend) => {
  let token: string;
  const stack = useStack({
    backend,
    setup: async () => {
      token = await stack.login();
      expect(await seedContacts(stack)).toBe(50_000);
    },
    timeout: 120_000,
  });

  const search = async (q: string, extra = '') => {
    const res = await stack.api(`/api/marketing/contacts?q=${encodeURIComponent(q)}${extra}`, { token });
    expect(res.status, `${q}: ${res.status === 200 ? '' : await res.clone().text()}`).toBe(200);
    return {
      emails: ((await res.json()) as Contact[]).map((c) => c.email),
      total: Number(res.headers.get('x-total-count')),
      next: /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null,
    };
  };
  const [dana, maria, soren] = SEEDED_PEOPLE;

  it('finds the oldest contacts by any case and with or without accents', async () => {
    const cases: [string, string][] = [
      ['dana', dana.email],
      ['NASH', dana.email],
      ['Dana Nash', dana.email],
      ['garcia', maria.email],
      ['garcía', maria.email],
      ['GARCÍA', maria.email],
      ['maria garcia', maria.email],
      ['ødegård', soren.email],
      ['odegard', soren.email],
      ['ØDEGÅRD', soren.email],
      ['soren', soren.email],
    ];
    for (const [q, email] of cases) {
      const found = await search(q);
      expect(found.emails, q).toEqual([email]);
      expect(found.total, q).toBe(1);
    }
  });

  it('takes a search’s own wildcards literally', async () => {
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });

  it('pages the matches of a search: every match once, newest first, as many as the total', async () => {
    const first = await search('noor.yazzie', '&limit=100');
    expect(first.total).toBeGreaterThan(300);
    expect(first.emails).toHaveLength(100);
    const all = [...first.emails];
    let next = first.next;
    while (next) {
      const res = await stack.api(next, { token });
      expect(res.status).toBe(200);
      all.push(...((await res.json()) as Contact[]).map((c) => c.email));
      next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
    }
    expect(all).toHaveLength(first.total);
    expect(new Set(all).size).toBe(first.total);
    expect(all.every((e) => e.startsWith('noor.yazzie.'))).toBe(true);
    const numbers = all.map((e) => Number(/\.(\d+)@/.exec(e)?.[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });

  it('finds a contact added and renamed in the dashboard by its folded name', async () => {
    const created = await stack.api('/api/marketing/contacts', {
      token,
      method: 'POST',
      body: { email: 'zoe@example.net', firstName: 'Zoë', lastName: 'Ångström', status: 'subscribed' },
    });
    expect(created.status).toBe(201);
    const { id, version } = (await created.json()) as Contact;
    expect((await search('zoe angstrom')).emails).toEqual(['zoe@example.net']);
    const renamed = await stack.api(`/api/marketing/contacts/${id}`, {
      token,
      method: 'PUT',
      body: { email: 'zoe@example.net', firstName: 'Zoë', lastName: 'Łukasiewicz', status: 'subscribed', version },
    });
    expect(renamed.status).toBe(200);
    expect((await search('lukasiewicz')).emails).toEqual(['zoe@example.net']);
    expect((await search('angstrom')).total).toBe(0);
  });

  it('finds a contact imported from a CSV file by its folded name', async () => {
    const form = new FormData();
    const csv = 'firstName,lastName,email\nÉlodie,Bérubé,elodie@example.net\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const res = await fetch(`${stack.baseUrl}/api/marketing/contacts/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    expect((await search('elodie berube')).emails).toEqual(['elodie@example.net']);
    expect((await search('BÉRUBÉ')).emails).toEqual(['elodie@example.net']);
  });
});
