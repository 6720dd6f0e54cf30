/**
 * Staff reads while one service is away (not running, or not answering) still answer 200 with
 * what the others know and say what is missing, instead of failing whole with a 503:
 * - without the mailer: a contact's View History (its form submissions, `mailUnavailable`) and
 *   the dashboard's stats (crm's counts, `totalCampaigns: null`);
 * - without analytics: interest per lot (crm's leads, `viewsUnavailable`);
 * - without crm: leads by source, from analytics' own copy of the form submissions (a submission
 *   without a session id is unattributed; a redelivered submission event counts once).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DURABLES,
  eventMeta,
  SUBJECTS,
  type Contact,
  type ContactHistoryPage,
  type LeadsBySource,
  type LotInterest,
  type MarketingStats,
  type SubmissionReceived,
} from '@lp/contracts';
import { ALL_SERVICES } from '../../scripts/services.ts';
import { describeOnEachBackend, eventually, sendLotLead, startStack, type Stack } from '../support/stack.ts';

/** A describe block on each backend whose stack runs every service but `away`. */
function withServiceAway(away: string, tests: (session: () => { stack: Stack; token: string }) => void) {
  describeOnEachBackend(`staff reads without ${away}`, (backend) => {
    let stack: Stack;
    let token: string;
    beforeAll(async () => {
      stack = await startStack({ backend, services: ALL_SERVICES.filter((s) => s.name !== away) });
      token = await stack.login();
    });
    afterAll(async () => {
      await stack?.stop();
    });
    tests(() => ({ stack, token }));
  });
}

withServiceAway('mailer', (session) => {
  it("shows crm's part of the history and says the mail could not be loaded", async () => {
    const { stack, token } = session();
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
    const { stack, token } = session();
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

withServiceAway('analytics', (session) => {
  it("answers crm's leads per lot and says the views are missing", async () => {
    const { stack, token } = session();
    const lead = await sendLotLead(stack, 5);
    expect(lead.status).toBe(201);

    const interest = await eventually(
      async () => {
        const res = await stack.api('/api/marketing/lots/interest?range=7d', { token });
        expect(res.status).toBe(200);
        const body = (await res.json()) as LotInterest;
        return body.lots.some((l) => l.leads > 0) ? body : undefined;
      },
      15_000,
      'the lead counted for lot 5',
    );
    expect(interest.viewsUnavailable).toBe(true);
    expect(interest.leadsUnavailable).toBe(false);
    expect(interest.watchersUnavailable).toBe(false);
    expect(interest.lots).toEqual([{ number: 5, pageViews: 0, mapClicks: 0, leads: 1, watchers: 0 }]);
  });
});

withServiceAway('crm', (session) => {
  const leadsBySource = async (stack: Stack, token: string) => {
    const res = await stack.api('/api/marketing-dashboard/leads-by-source?days=7', { token });
    expect(res.status).toBe(200);
    return (await res.json()) as LeadsBySource;
  };

  it("counts a submission without a session as untracked, from analytics' own copy", async () => {
    const { stack, token } = session();
    const submitted = await stack.api('/api/contact', {
      body: {
        firstName: 'Lena',
        lastName: 'Yazzie',
        phone: '(928) 555-0177',
        email: 'lena@example.com',
        source: 'home',
        website: '',
      },
    });
    expect(submitted.status).toBe(201);

    const leads = await eventually(
      async () => {
        const body = await leadsBySource(stack, token);
        return body.unattributed > 0 ? body : undefined;
      },
      15_000,
      'the untracked lead counted',
    );
    expect(leads).toEqual({
      from: expect.any(String),
      to: expect.any(String),
      days: 7,
      sources: [],
      campaigns: [],
      emailCampaigns: [],
      unattributed: 1,
    });
  });

  it('keeps a redelivered submission event once', async () => {
    const { stack, token } = session();
    const before = (await leadsBySource(stack, token)).unattributed;
    const event: SubmissionReceived = {
      ...eventMeta(),
      idempotencyKey: crypto.randomUUID(),
      submission: {
        firstName: 'Omar',
        lastName: 'Tso',
        phone: '(928) 555-0188',
        email: 'omar@example.com',
        interest: null,
        message: null,
        source: 'market',
        topic: null,
        page: null,
        sessionId: null,
        country: null,
        region: null,
        city: null,
      },
    };
    // Past the bus's de-duplication (another message id): the consumer sees the event twice.
    await stack.platform.bus.publish(SUBJECTS.submissionReceived, event, { msgId: event.id });
    await stack.platform.bus.publish(SUBJECTS.submissionReceived, event, { msgId: crypto.randomUUID() });
    await eventually(
      async () => ((await stack.platform.bus.pendingMessages(DURABLES.analyticsSubmissions)) === 0 ? true : undefined),
      15_000,
      'both deliveries handled',
    );
    const { rows } = await stack.platform.db.knex.raw<{ rows: { n: number }[] }>(
      'select count(*)::int as n from analytics.submissions where event_id = ?',
      [event.id],
    );
    expect(rows[0]!.n).toBe(1);
    expect((await leadsBySource(stack, token)).unattributed).toBe(before + 1);
  });
});
