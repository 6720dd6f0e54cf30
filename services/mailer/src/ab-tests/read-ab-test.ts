/**
 * An A/B test's figures per group: recipients, sent, delivered (sent less bounced), and the
 * people who opened and clicked — machine opens (`is_proxy`) and scanner clicks (`is_scanner`)
 * left out, as in every open and click figure. They pick the winner and fill the campaign page.
 */
import type { AbTest, AbVariant, CampaignAbTest } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { VariantTally } from './ab-test-rules.ts';

type Group = 'a' | 'b' | 'rest';
type Tally = VariantTally & { recipients: number; sent: number };
const EMPTY: Tally = { recipients: 0, sent: 0, delivered: 0, uniqueOpens: 0, uniqueClicks: 0 };

export async function readAbTallies(knex: Knex, campaignId: number): Promise<Record<Group, Tally>> {
  const { rows } = await knex.raw<{
    rows: { variant: Group; recipients: number; sent: number; bounced: number; opens: number; clicks: number }[];
  }>(
    `select d.variant, count(*)::int as recipients,
            (count(*) filter (where d.status = 'sent'))::int as sent,
            (count(*) filter (where d.status = 'sent' and exists (select 1 from mailer.tracking_events t
               where t.delivery_id = d.id and t.kind = 'bounce')))::int as bounced,
            (count(*) filter (where exists (select 1 from mailer.tracking_events t
               where t.delivery_id = d.id and t.kind = 'open' and not t.is_proxy)))::int as opens,
            (count(*) filter (where exists (select 1 from mailer.tracking_events t
               where t.delivery_id = d.id and t.kind = 'click' and not t.is_scanner)))::int as clicks
       from mailer.deliveries d
      where d.campaign_id = ? and d.variant is not null
      group by d.variant`,
    [campaignId],
  );
  const out: Record<Group, Tally> = { a: EMPTY, b: EMPTY, rest: EMPTY };
  for (const r of rows)
    out[r.variant] = {
      recipients: r.recipients,
      sent: r.sent,
      delivered: Math.max(0, r.sent - r.bounced),
      uniqueOpens: r.opens,
      uniqueClicks: r.clicks,
    };
  return out;
}

const rate = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 1000) / 10 : 0);

type AbRow = {
  subject: string;
  ab_test: AbTest;
  ab_decide_at: Date | null;
  ab_winner: AbVariant | null;
  ab_decided_at: Date | null;
  ab_decided_by: 'auto' | 'staff' | null;
};

/** The test as the campaign page shows it; null for a campaign without one. */
export async function readAbTest(knex: Knex, campaignId: number): Promise<CampaignAbTest | null> {
  const c = await knex
    .withSchema('mailer')
    .table('campaigns')
    .where({ id: campaignId })
    .whereNotNull('ab_test')
    .first<AbRow | undefined>('subject', 'ab_test', 'ab_decide_at', 'ab_winner', 'ab_decided_at', 'ab_decided_by');
  if (!c) return null;
  const t = await readAbTallies(knex, campaignId);
  const figures = (variant: AbVariant, subject: string) => ({
    variant,
    subject,
    recipients: t[variant].recipients,
    sent: t[variant].sent,
    delivered: t[variant].delivered,
    uniqueOpens: t[variant].uniqueOpens,
    uniqueClicks: t[variant].uniqueClicks,
    openRate: rate(t[variant].uniqueOpens, t[variant].delivered),
    clickRate: rate(t[variant].uniqueClicks, t[variant].delivered),
  });
  return {
    testShare: c.ab_test.testShare,
    winnerBy: c.ab_test.winnerBy,
    decideAfterHours: c.ab_test.decideAfterHours,
    contentB: Boolean(c.ab_test.variantB.content),
    decideAt: c.ab_decide_at?.toISOString() ?? null,
    winner: c.ab_winner,
    decidedAt: c.ab_decided_at?.toISOString() ?? null,
    decidedBy: c.ab_decided_by,
    variants: [figures('a', c.subject), figures('b', c.ab_test.variantB.subject)],
    rest: { recipients: t.rest.recipients, sent: t.rest.sent },
  };
}
