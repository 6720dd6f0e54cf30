/**
 * Staff reads while the mailer is away (not running, or not answering) still answer 200 with
 * what crm knows and say what is missing, instead of failing whole with a 503: a contact's View
 * History (its form submissions, `mailUnavailable`) and the dashboard's stats (crm's counts,
 * `totalCampaigns: null`).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Contact, ContactHistoryPage, MarketingStats } from '@lp/contracts';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { describeOnEachBackend, eventually, startStack, type Stack } from '../support/stack.ts';

describeOnEachBackend('staff reads without the mailer', (backend) => {
  let stack: Stack;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ backend, services: ALL_SERVICES.filter((s) => s.name !== 'mailer') });
    token = await stack.login();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("shows crm's part of the history and says the mail could not be loaded", async () => {
    const added = await stack.api('/api/marketing/contacts', {
      token,
      body: { email: 'nora@example.com', firstName: 'Nora', lastName: 'Begay' },
    });
    expect(added.status).toBe(201);
    const nora = (await added.json()) as Contact;
    const submitted = await stack.api('/api/contact', {
      body: {
        firstName: 'Nora',
        lastName: 'Begay',
        phone: '(928) 555-0144',
        email: 'NORA@example.com',
        interest: 'Available Lots',
        message: 'Are the lots on the mesa still for sale?',
        source: 'home',
        website: '',
      },
    });
    expect(submitted.status).toBe(201);

    const history = await eventually(
      async () => {
        const res = await stack.api(`/api/marketing/contacts/${nora.id}/history`, { token });
        expect(res.status).toBe(200);
        const page = (await res.json()) as ContactHistoryPage;
        return page.items.length > 0 ? page : undefined;
      },
      15_000,
      'the submission in the history',
    );
    expect(history.mailUnavailable).toBe(true);
    expect(history.items).toEqual([
      expect.objectContaining({ type: 'form_submission', message: 'Are the lots on the mesa still for sale?' }),
    ]);
  });

  it("answers the dashboard's stats with crm's counts and no campaign count", async () => {
    const before = (await (await stack.api('/api/marketing/stats', { token })).json()) as MarketingStats;
    const added = await stack.api('/api/marketing/contacts', {
      token,
      body: { email: 'ray@example.com', firstName: 'Ray' },
    });
    expect(added.status).toBe(201);
    expect((await stack.api('/api/marketing/lists', { token, body: { name: 'Mesa buyers' } })).status).toBe(201);

    const res = await stack.api('/api/marketing/stats', { token });
    expect(res.status).toBe(200);
    const stats = (await res.json()) as MarketingStats;
    expect(stats.totalCampaigns).toBeNull();
    expect(stats.totalContacts).toBe(before.totalContacts + 1);
    expect(stats.totalLists).toBe(before.totalLists + 1);
    expect(stats.totalSubmissions).toBe(before.totalSubmissions);
  });
});
