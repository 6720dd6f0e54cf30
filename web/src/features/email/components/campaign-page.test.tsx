/**
 * The campaign page with a fake API: messages a crash left of unknown fate are shown with a
 * "Send again…" action that warns of a possible second copy before it asks the server; a campaign
 * without such messages offers nothing of the kind.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CampaignDetail, CampaignRecipient, CampaignRecipientsPage, CampaignReport } from '@lp/contracts';
import { Toaster } from '../../../components/toast/toaster';
import { renderInRouter } from '../../../test/render-in-router';
import { CampaignPage } from './campaign-page';
import { FreshCache } from '../../../test/fresh-cache';

let detail: CampaignDetail;
let calls: string[] = [];
let refuseResend = false;
let refuseFollowUp = false;
let followUpBodies: unknown[] = [];

let report: CampaignReport = {
  links: [],
  content: '<p>Hello</p>',
  timeline: [],
  bounced: 0,
  hardBounces: 0,
  softBounces: 0,
  complaints: 0,
  unsubscribes: 0,
};
const recipient = (n: number, extra: Partial<CampaignRecipient> = {}): CampaignRecipient => ({
  deliveryId: n,
  email: `buyer${n}@example.com`,
  firstName: `Buyer${n}`,
  lastName: '',
  status: 'sent',
  sentAt: '2026-11-20T16:00:00.000Z',
  openedAt: null,
  clickedAt: null,
  bouncedAt: null,
  unsubscribedAt: null,
  ...extra,
});
/** 60 recipients, the even ones opened: pages of 50 by the cursor, the filter and search applied. */
function recipientsFor(url: string): CampaignRecipientsPage {
  const q = new URL(url, 'http://x').searchParams;
  const all = Array.from({ length: 60 }, (_, i) =>
    recipient(i + 1, i % 2 === 1 ? { openedAt: '2026-11-20T18:00:00.000Z' } : {}),
  );
  const kept = all.filter(
    (r) => (q.get('filter') !== 'opened' || r.openedAt !== null) && r.email.includes(q.get('search') ?? ''),
  );
  const after = Number(q.get('cursor') ?? 0);
  const rest = kept.filter((r) => r.deliveryId > after);
  const items = rest.slice(0, 50);
  return { items, next: rest.length > 50 ? items.at(-1)!.deliveryId : null, total: kept.length };
}

const campaign = (unknown: number): CampaignDetail => ({
  id: 7,
  requestId: '0b8f3f5e-8f0e-4a53-9d36-0f1f5b0c2a11',
  name: 'Spring lots',
  subject: 'Spring lots by the lake',
  status: 'completed',
  created_at: '2026-11-20T16:00:00.000Z',
  scheduled_for: null,
  sent_count: 300 - unknown,
  total_recipients: 300,
  recipients_estimated: false,
  open_rate: 0,
  click_rate: 0,
  pausedReason: null,
  abTestStatus: null,
  fromName: 'Lake Powell Lots',
  fromEmail: 'news@example.com',
  deliveries: { sent: 300 - unknown, unknown },
  delivered: 300 - unknown,
  uniqueOpens: 0,
  totalOpens: 0,
  proxyOpens: 0,
  uniqueClicks: 0,
  totalClicks: 0,
  scannerClicks: 0,
  followUpOf: null,
  failures: [],
});

beforeEach(() => {
  calls = [];
  refuseResend = false;
  refuseFollowUp = false;
  followUpBodies = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'POST' && url === '/api/marketing/campaigns/7/resend-unknown' && refuseResend)
      return new Response(
        JSON.stringify({ error: { code: 'conflict', message: 'The campaign is still sending: wait until it stops.' } }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    if (method === 'POST' && url === '/api/marketing/campaigns/7/resend-unknown') {
      detail = { ...campaign(0), status: 'active' };
      return new Response(JSON.stringify(detail), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if (method === 'POST' && url === '/api/marketing/campaigns/7/follow-up') {
      followUpBodies.push(JSON.parse(String(init.body)));
      return refuseFollowUp
        ? new Response(
            JSON.stringify({
              error: { code: 'conflict', message: 'Only a campaign that has finished sending can be followed up' },
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          )
        : new Response(JSON.stringify({ campaignId: 8, status: 'active' }), {
            status: 202,
            headers: { 'content-type': 'application/json' },
          });
    }
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/marketing/campaigns/7/report') return json(report);
    if (url.startsWith('/api/marketing/campaigns/7/recipients')) return json(recipientsFor(url));
    return json(detail);
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const render = () =>
  renderInRouter(
    <FreshCache>
      <CampaignPage id="7" />
      <Toaster />
    </FreshCache>,
  );

// A dozen user steps: on a busy two-core machine they can take longer than the default 5 s.
it('sends the unknown-fate messages again only after warning of a second copy', { timeout: 20_000 }, async () => {
  detail = campaign(4);
  const user = userEvent.setup();
  render();
  await screen.findByText(/The sender stopped while 4 messages were being handed to the mail server/);
  await user.click(screen.getByRole('button', { name: 'Send again…' }));
  const dialog = screen.getByRole('dialog', { name: 'Send again?' });
  expect(within(dialog).getByText(/4 recipients may already have this message/)).toBeTruthy();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Send again…' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Send again?' })).getByRole('button', { name: 'Send again' }),
  );
  expect(calls).toContain('POST /api/marketing/campaigns/7/resend-unknown');
  await screen.findByText('Sending again to 4 recipients');
});

it('offers nothing to send again when every message has a known fate', async () => {
  detail = campaign(0);
  render();
  await screen.findByText('Spring lots');
  expect(screen.queryByRole('button', { name: 'Send again…' })).toBeNull();
});

it("shows a refused action's reason in the server's words, not its raw answer", async () => {
  detail = campaign(4);
  refuseResend = true;
  const user = userEvent.setup();
  render();
  await user.click(await screen.findByRole('button', { name: 'Send again…' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Send again?' })).getByRole('button', { name: 'Send again' }),
  );
  await screen.findByText('The campaign is still sending: wait until it stops.');
  expect(screen.queryByText(/409/)).toBeNull();
});

it('says why sending paused when the mail relay is away', async () => {
  const reason =
    'The mail relay is not answering (connect ECONNREFUSED 127.0.0.1:2525); sending resumes by itself when it answers';
  detail = { ...campaign(0), status: 'paused', pausedReason: reason };
  render();
  expect((await screen.findByRole('status')).textContent).toBe(`Sending paused. ${reason}.`);
});

it('shows no relay note on a campaign staff paused', async () => {
  detail = { ...campaign(0), status: 'paused' };
  render();
  await screen.findByText('Spring lots');
  expect(screen.queryByText(/Sending paused/)).toBeNull();
});

it('counts opens and clicks of people against delivered messages, and machines apart', async () => {
  detail = {
    ...campaign(0),
    delivered: 280,
    uniqueOpens: 70,
    totalOpens: 95,
    proxyOpens: 40,
    uniqueClicks: 14,
    totalClicks: 20,
    scannerClicks: 33,
  };
  render();
  const figure = async (name: string) =>
    (await screen.findByText(name)).closest('div')!.querySelector('dd')!.textContent;
  expect(await figure('Delivered (sent less bounced)')).toBe('280');
  expect(await figure('Unique opens')).toBe('70 (25.0% of delivered)');
  expect(await figure('Machine opens (not counted)')).toBe('40');
  expect(await figure('Unique clicks')).toBe('14 (5.0% of delivered)');
  expect(await figure('Link scanner clicks (not counted)')).toBe('33');
  expect(screen.getByText(/Rates are of delivered messages/)).toBeTruthy();
});

it('shows clicks per link, opens and clicks over time, and the recipients by filter, search and page, with their CSV', async () => {
  detail = campaign(0);
  report = {
    links: [
      { idx: 0, url: 'https://lakepowelllots.com/lots/7', uniqueClicks: 12, totalClicks: 15 },
      { idx: 1, url: 'https://lakepowelllots.com/map', uniqueClicks: 0, totalClicks: 0 },
    ],
    content:
      '<p><a href="https://lakepowelllots.com/lots/7">Lot 7</a> and <a href="https://lakepowelllots.com/map">the map</a></p>',
    timeline: [
      { at: '2026-11-20T17:00:00.000Z', unit: 'hour', opens: 30, clicks: 9 },
      { at: '2026-11-23T07:00:00.000Z', unit: 'day', opens: 4, clicks: 1 },
    ],
    bounced: 3,
    hardBounces: 2,
    softBounces: 1,
    complaints: 1,
    unsubscribes: 2,
  };
  const user = userEvent.setup();
  render();
  const links = await screen.findByRole('table', { name: 'Clicks per link' });
  expect(within(links).getAllByRole('row')[1]!.textContent).toBe('https://lakepowelllots.com/lots/71215');
  // The same figures marked beside each link on a preview of the message (a sandboxed frame).
  const marked = screen.getByTitle('The message with clicks per link') as HTMLIFrameElement;
  expect(marked.getAttribute('sandbox')).toBe('');
  const shown = new DOMParser().parseFromString(marked.getAttribute('srcdoc') ?? '', 'text/html');
  expect([...shown.querySelectorAll('[data-link-clicks]')].map((m) => m.textContent)).toEqual([
    '12 people · 15 clicks',
    '0 people · 0 clicks',
  ]);
  const times = screen.getByRole('table', { name: 'Opens and clicks over time' });
  expect(within(times).getAllByRole('row')).toHaveLength(3);
  expect(within(times).getAllByRole('row')[2]!.textContent).toContain('(day)');
  expect(
    screen.getByText(
      /Came back: 3 bounced \(2 hard: the address refused for good; 1 soft: refused for now, retried until given up\), 1 marked as spam, 2 unsubscribed/,
    ),
  ).toBeTruthy();

  await screen.findByText('Showing 1–50 of 60');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Showing 51–60 of 60');
  expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await screen.findByText('Showing 1–50 of 60');

  await user.selectOptions(screen.getByLabelText('Show'), 'opened');
  await screen.findByText('Showing 1–30 of 30');
  expect(calls).toContain('GET /api/marketing/campaigns/7/recipients?filter=opened');
  await user.type(screen.getByLabelText('Search recipients'), 'buyer12@');
  await screen.findByText('Showing 1–1 of 1');
  expect(screen.getByRole('rowheader', { name: 'buyer12@example.com' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
    '/api/marketing/campaigns/7/recipients/export?filter=opened&search=buyer12%40',
  );
});

it('sends a follow-up to those who did not click, as a new campaign, and says why one is refused', async () => {
  detail = campaign(0);
  const user = userEvent.setup();
  render();
  await user.click(await screen.findByRole('button', { name: 'Send to those who did not open…' }));
  let dialog = screen.getByRole('dialog', { name: 'Send a follow-up' });
  expect((within(dialog).getByLabelText(/Subject/) as HTMLInputElement).value).toBe('Spring lots by the lake');
  await user.clear(within(dialog).getByLabelText(/Subject/));
  await user.click(within(dialog).getByRole('button', { name: 'Send follow-up' }));
  expect(await within(dialog).findByText('Subject is required')).toBeTruthy();
  expect(followUpBodies).toEqual([]);

  await user.type(within(dialog).getByLabelText(/Subject/), 'Still thinking about a lot?');
  await user.selectOptions(within(dialog).getByLabelText('Send to those who'), 'not_clicked');
  await user.selectOptions(within(dialog).getByLabelText('Send'), 'Now');
  refuseFollowUp = true;
  await user.click(within(dialog).getByRole('button', { name: 'Send follow-up' }));
  expect((await within(dialog).findByRole('alert')).textContent).toBe(
    'Only a campaign that has finished sending can be followed up',
  );
  expect((within(dialog).getByLabelText(/Subject/) as HTMLInputElement).value).toBe('Still thinking about a lot?');

  refuseFollowUp = false;
  await user.click(within(dialog).getByRole('button', { name: 'Send follow-up' }));
  await screen.findByText('Follow-up sending');
  expect(followUpBodies.at(-1)).toEqual({ who: 'not_clicked', subject: 'Still thinking about a lot?', delayHours: 0 });
  dialog = screen.queryByRole('dialog', { name: 'Send a follow-up' })!;
  expect(dialog).toBeNull();
});

it('offers no follow-up before a campaign has finished, and links a follow-up to the campaign it follows', async () => {
  detail = { ...campaign(0), status: 'active', followUpOf: { id: 3, name: 'Autumn lots', who: 'not_opened' } };
  render();
  await screen.findByText('Spring lots');
  expect(screen.queryByRole('button', { name: 'Send to those who did not open…' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Autumn lots' }).getAttribute('href')).toBe('/marketing/campaigns/3');
  expect(screen.getByText(/to those who did not open it/)).toBeTruthy();
});
