/**
 * For one active campaign whose audience is not resolved yet (leased with FOR UPDATE SKIP
 * LOCKED, so one sender does it; a crashed sender's lease runs out and another redoes it): asks
 * crm for the mailable contacts a page at a time and writes one delivery row per recipient
 * (idempotent: one row per campaign and contact). crm never returns unsubscribed or bounced
 * contacts. A follow-up's audience is read here first (those the campaign it follows reached who
 * did not open or click it, list-follow-up-emails.ts), then passed to crm as addresses. No
 * transaction is held across the requests to crm. Each page's rows can be sent as soon as they
 * are written (`onPage`); the campaign completes only once its audience is resolved. An A/B
 * test's rows are written held back and split into its groups once all are written.
 */
import { AbTestSchema, CampaignAudienceSchema, RPC, type Audience, type CampaignAudience } from '@lp/contracts';
import { callRpc, type Knex, type ServiceDeps } from '@lp/runtime';
import * as v from 'valibot';
import { assignAbGroups, HELD_DELIVERY } from '../ab-tests/assign-ab-groups.ts';
import { listFollowUpEmails } from '../campaigns/list-follow-up-emails.ts';

type Contact = { id: number; email: string; firstName: string; lastName: string };
type Asked = Pick<ServiceDeps, 'knex' | 'bus' | 'log'>;

/** The mailable contacts of a list or addresses, a page at a time (crm pages by contact id). */
async function* crmPages({ bus, log }: Asked, audience: Audience): AsyncGenerator<Contact[]> {
  let afterId = 0;
  for (;;) {
    const { contacts } = await callRpc(bus, RPC.crm.audienceResolve, { audience, afterId, limit: PAGE }, { log });
    if (contacts.length > 0) yield contacts;
    if (contacts.length < PAGE) return;
    afterId = contacts.at(-1)!.id;
  }
}

/** A follow-up's recipients: a page of the first campaign's non-openers (or non-clickers), kept by crm if mailable. */
async function* followUpPages(
  deps: Asked,
  followUp: Extract<CampaignAudience, { followUp: unknown }>['followUp'],
): AsyncGenerator<Contact[]> {
  let after = 0;
  for (;;) {
    const page = await listFollowUpEmails(deps.knex, followUp, after, PAGE);
    if (page.length === 0) return;
    yield* crmPages(deps, { emails: page.map((d) => d.email) });
    after = page.at(-1)!.id;
  }
}

const PAGE = 2000;
const LEASE_MS = 120_000;

export async function resolveNextAudience(
  { knex, bus, log }: ServiceDeps,
  onPage: () => void = () => {},
): Promise<boolean> {
  const { rows } = await knex.raw<{ rows: { id: number; audience: unknown; ab_test: unknown }[] }>(
    `update mailer.campaigns set audience_lease_until = now() + ? * interval '1 millisecond'
      where id = (select id from mailer.campaigns
                   where status = 'active' and not audience_resolved
                     and (audience_lease_until is null or audience_lease_until < now())
                   order by id limit 1 for update skip locked)
      returning id, audience, ab_test`,
    [LEASE_MS],
  );
  const campaign = rows[0];
  if (!campaign) return false;
  const audience = v.parse(CampaignAudienceSchema, campaign.audience);
  // An A/B test's rows wait, unsent, until the whole audience is split (assign-ab-groups.ts).
  const abTest = campaign.ab_test ? v.parse(AbTestSchema, campaign.ab_test) : null;
  const deps = { knex, bus, log };
  const pages = 'followUp' in audience ? followUpPages(deps, audience.followUp) : crmPages(deps, audience);
  for await (const contacts of pages) {
    const deliveries = contacts.map((c) => ({
      campaign_id: campaign.id,
      contact_id: c.id,
      email: c.email,
      first_name: c.firstName,
      last_name: c.lastName,
      ...(abTest ? HELD_DELIVERY : {}),
    }));
    for (let i = 0; i < deliveries.length; i += 500)
      await knex
        .withSchema('mailer')
        .table('deliveries')
        .insert(deliveries.slice(i, i + 500))
        .onConflict()
        .ignore();
    onPage();
  }
  const n = abTest
    ? await knex.transaction((trx) => assignAbGroups(trx, campaign.id, abTest))
    : await markResolved(knex, campaign.id);
  if (abTest) onPage();
  log.info({ campaignId: campaign.id, recipients: n }, 'audience resolved');
  return true;
}

async function markResolved(knex: Knex, id: number): Promise<number> {
  const [counted] = await knex
    .withSchema('mailer')
    .table('deliveries')
    .where({ campaign_id: id })
    .count<{ n: number }[]>({ n: '*' });
  const n = counted?.n ?? 0;
  await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id })
    .update({ audience_resolved: true, total_recipients: n });
  return n;
}
