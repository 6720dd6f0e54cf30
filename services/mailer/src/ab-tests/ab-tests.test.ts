/**
 * A/B subject tests on the migrated mailer schema (PGlite): the audience split once, the same way
 * every time, before anything is sent; only the test groups claimed until a winner is picked; the
 * winner picked by people's opens (machine opens left out) or clicks, once, then the rest due
 * with the winner's message; a pick by hand refused once decided.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, migrate, openPglite, type Database } from '@lp/runtime';
import type { AbTest } from '@lp/contracts';
import { claimDeliveries } from '../sending/claim-deliveries.ts';
import { loadCampaignMessage } from '../sending/load-campaign-message.ts';
import { assignAbGroups, HELD_DELIVERY } from './assign-ab-groups.ts';
import { decideDueAbTests, pickAbWinner } from './decide-ab-winners.ts';
import { readAbTest } from './read-ab-test.ts';

const MIGRATIONS = fileURLToPath(new URL('../migrations', import.meta.url));

const abTest = (over: Partial<AbTest> = {}): AbTest => ({
  variantB: { subject: 'B: the last lakefront lots', content: '' },
  testShare: 20,
  winnerBy: 'opens',
  decideAfterHours: 4,
  ...over,
});

describe('A/B subject tests', () => {
  let db: Database;
  const k = () => db.knex.withSchema('mailer');

  /** An active A/B campaign whose 40 recipients are resolved, held back, not yet split. */
  async function heldCampaign(test: AbTest): Promise<number> {
    const [c] = await k()
      .table('campaigns')
      .insert({
        name: 'Spring lots',
        subject: 'A: spring lots',
        content: '<p>Hello</p>',
        from_name: 'Lake Powell Lots',
        from_email: 'info@lakepowelllots.com',
        status: 'active',
        ab_test: JSON.stringify(test),
      })
      .returning('id');
    const id = (c as { id: number }).id;
    await k()
      .table('deliveries')
      .insert(
        Array.from({ length: 40 }, (_, i) => ({
          campaign_id: id,
          contact_id: i + 1,
          email: `p${i + 1}@example.com`,
          ...HELD_DELIVERY,
        })),
      );
    return id;
  }

  const groups = async (id: number, knex = db.knex) =>
    Object.fromEntries(
      (
        await knex
          .withSchema('mailer')
          .table('deliveries')
          .where({ campaign_id: id })
          .select<{ contact_id: number; variant: string }[]>('contact_id', 'variant')
      ).map((r) => [r.contact_id, r.variant]),
    );

  const due = async (id: number) =>
    (
      await db.knex.raw<{ rows: { variant: string; n: number }[] }>(
        `select variant, count(*)::int as n from mailer.deliveries
          where campaign_id = ? and next_attempt_at <= now() group by variant order by variant`,
        [id],
      )
    ).rows;

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db.knex, 'mailer', MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  it('splits the audience into two groups of the share each, the same way on a second try, and holds the rest', async () => {
    const id = await heldCampaign(abTest());
    expect(await due(id)).toEqual([]);
    // A resolver that dies before its commit splits nothing; the next one splits the same way.
    await db.knex
      .transaction(async (trx) => {
        await assignAbGroups(trx, id, abTest());
        throw new Error('crash');
      })
      .catch(() => {});
    expect(Object.values(await groups(id)).every((g) => g === 'rest')).toBe(true);
    const first = await db.knex
      .transaction(async (trx) => {
        await assignAbGroups(trx, id, abTest());
        const split = await groups(id, trx);
        throw Object.assign(new Error('again'), { split });
      })
      .catch((e: { split: Record<string, string> }) => e.split);
    expect(await db.knex.transaction((trx) => assignAbGroups(trx, id, abTest()))).toBe(40);
    const split = await groups(id);
    expect(split).toEqual(first);
    // A second resolver that outran its lease finds it split and splits nothing more.
    expect(await db.knex.transaction((trx) => assignAbGroups(trx, id, abTest()))).toBe(40);
    expect(await groups(id)).toEqual(split);
    const sizes = Object.values(split).reduce<Record<string, number>>((n, g) => ({ ...n, [g]: (n[g] ?? 0) + 1 }), {});
    expect(sizes).toEqual({ a: 8, b: 8, rest: 24 });
    expect(await due(id)).toEqual([
      { variant: 'a', n: 8 },
      { variant: 'b', n: 8 },
    ]);
    const c = await k().table('campaigns').where({ id }).first();
    expect(c).toMatchObject({ audience_resolved: true, total_recipients: 40 });
    const wait = (c as { ab_decide_at: Date }).ab_decide_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3.9 * 3_600_000);
    expect(wait).toBeLessThanOrEqual(4 * 3_600_000);
  });

  it('claims only the test groups, each with its group, until a winner is picked', async () => {
    const id = await heldCampaign(abTest({ testShare: 10 }));
    await db.knex.transaction((trx) => assignAbGroups(trx, id, abTest({ testShare: 10 })));
    const claimed = (await claimDeliveries(db.knex, crypto.randomUUID(), 100)).filter((d) => d.campaign_id === id);
    expect(claimed.map((d) => d.variant).sort()).toEqual(['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b']);
    expect((await claimDeliveries(db.knex, crypto.randomUUID(), 100)).filter((d) => d.campaign_id === id)).toEqual([]);
  });

  /** A split campaign whose test groups were sent, with opens and clicks per group. */
  async function sentTest(
    test: AbTest,
    hits: { variant: 'a' | 'b'; kind: 'open' | 'click'; machine?: boolean; times: number }[],
  ): Promise<number> {
    const id = await heldCampaign(test);
    await db.knex.transaction((trx) => assignAbGroups(trx, id, test));
    await k()
      .table('deliveries')
      .where({ campaign_id: id })
      .whereIn('variant', ['a', 'b'])
      .update({ status: 'sent', sent_at: new Date(Date.now() - 3_600_000) });
    for (const h of hits) {
      const targets = await k()
        .table('deliveries')
        .where({ campaign_id: id, variant: h.variant })
        .orderBy('id')
        .limit(h.times)
        .select<{ id: number }[]>('id');
      await k()
        .table('tracking_events')
        .insert(
          targets.map((d) => ({
            delivery_id: d.id,
            campaign_id: id,
            kind: h.kind,
            event_key: `${h.kind}:${crypto.randomUUID()}`,
            at: new Date(),
            ...(h.kind === 'open' ? { is_proxy: Boolean(h.machine) } : { is_scanner: Boolean(h.machine), link_idx: 0 }),
          })),
        );
    }
    return id;
  }
  const makeDue = (id: number) =>
    k()
      .table('campaigns')
      .where({ id })
      .update({ ab_decide_at: new Date(Date.now() - 1000) });

  it('picks the variant more people opened, machine opens left out, once its time has come', async () => {
    // B has more opens in all, but most are Apple Mail Privacy Protection's: A wins 3 to 2.
    const id = await sentTest(abTest(), [
      { variant: 'a', kind: 'open', times: 3 },
      { variant: 'b', kind: 'open', times: 2 },
      { variant: 'b', kind: 'open', machine: true, times: 8 },
    ]);
    expect(await decideDueAbTests(db.knex)).not.toContain(id);
    await makeDue(id);
    expect(await decideDueAbTests(db.knex)).toEqual([id]);
    // Another replica's look finds it decided.
    expect(await decideDueAbTests(db.knex)).toEqual([]);
    const report = await readAbTest(db.knex, id);
    expect(report).toMatchObject({ winner: 'a', decidedBy: 'auto', rest: { recipients: 24, sent: 0 } });
    expect(report!.variants).toEqual([
      expect.objectContaining({ variant: 'a', recipients: 8, sent: 8, delivered: 8, uniqueOpens: 3, openRate: 37.5 }),
      expect.objectContaining({ variant: 'b', subject: 'B: the last lakefront lots', uniqueOpens: 2, openRate: 25 }),
    ]);
    expect(await due(id)).toEqual([
      { variant: 'a', n: 8 },
      { variant: 'b', n: 8 },
      { variant: 'rest', n: 24 },
    ]);
    expect((await loadCampaignMessage(db.knex, id, 'rest')).subject).toBe('A: spring lots');
    // A second resolver that outran its lease and wrote a row after the pick: it goes out too.
    await k()
      .table('deliveries')
      .insert({ campaign_id: id, contact_id: 41, email: 'late@example.com', ...HELD_DELIVERY });
    await db.knex.transaction((trx) => assignAbGroups(trx, id, abTest()));
    expect(await due(id)).toContainEqual({ variant: 'rest', n: 25 });
  });

  it('picks by people’s clicks when asked, scanner clicks left out, a tie going to A', async () => {
    const byClicks = abTest({ winnerBy: 'clicks' });
    const b = await sentTest(byClicks, [
      { variant: 'a', kind: 'open', times: 6 },
      { variant: 'a', kind: 'click', machine: true, times: 6 },
      { variant: 'b', kind: 'click', times: 1 },
    ]);
    const tie = await sentTest(byClicks, [
      { variant: 'a', kind: 'click', times: 2 },
      { variant: 'b', kind: 'click', times: 2 },
    ]);
    await makeDue(b);
    await makeDue(tie);
    expect((await decideDueAbTests(db.knex)).sort()).toEqual([b, tie].sort());
    expect((await readAbTest(db.knex, b))!.winner).toBe('b');
    expect((await readAbTest(db.knex, tie))!.winner).toBe('a');
    expect((await loadCampaignMessage(db.knex, b, 'rest')).subject).toBe('B: the last lakefront lots');
  });

  it('waits while the campaign is paused and decides once it is resumed', async () => {
    const id = await sentTest(abTest(), [{ variant: 'b', kind: 'open', times: 4 }]);
    await makeDue(id);
    await k().table('campaigns').where({ id }).update({ status: 'paused' });
    expect(await decideDueAbTests(db.knex)).not.toContain(id);
    expect((await readAbTest(db.knex, id))!.winner).toBeNull();
    expect(await due(id)).not.toContainEqual(expect.objectContaining({ variant: 'rest' }));
    await k().table('campaigns').where({ id }).update({ status: 'active' });
    expect(await decideDueAbTests(db.knex)).toContain(id);
    expect((await readAbTest(db.knex, id))!.winner).toBe('b');
  });

  it('leaves a manual test to staff, whose pick sends the rest the winner, and refuses a second pick', async () => {
    const manual = abTest({ winnerBy: 'manual', variantB: { subject: 'B', content: '<p>Other</p>' } });
    const id = await sentTest(manual, [{ variant: 'a', kind: 'open', times: 5 }]);
    expect((await k().table('campaigns').where({ id }).first('ab_decide_at')).ab_decide_at).toBeNull();
    expect(await decideDueAbTests(db.knex)).not.toContain(id);
    const picked = await pickAbWinner(db.knex, { id, variant: 'b' });
    expect(picked.id).toBe(id);
    expect(await readAbTest(db.knex, id)).toMatchObject({ winner: 'b', decidedBy: 'staff', contentB: true });
    expect(await loadCampaignMessage(db.knex, id, 'rest')).toMatchObject({ subject: 'B', content: '<p>Other</p>' });
    const again = await pickAbWinner(db.knex, { id, variant: 'a' }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(AppError);
    expect(again).toMatchObject({ status: 409, message: 'The winner was already picked: variant B' });
  });

  it('refuses a pick for a campaign that is no test, one not started, and one that does not exist', async () => {
    const [plain] = await k()
      .table('campaigns')
      .insert({ name: 'Plain', subject: 'S', status: 'active' })
      .returning('id');
    const plainId = (plain as { id: number }).id;
    await expect(pickAbWinner(db.knex, { id: plainId, variant: 'a' })).rejects.toMatchObject({
      status: 409,
      message: 'This campaign is not an A/B test',
    });
    const held = await heldCampaign(abTest());
    await expect(pickAbWinner(db.knex, { id: held, variant: 'a' })).rejects.toMatchObject({ status: 409 });
    expect(Object.values(await groups(held)).every((g) => g === 'rest')).toBe(true);
    await expect(pickAbWinner(db.knex, { id: 999_999, variant: 'a' })).rejects.toMatchObject({ status: 404 });
    expect(await readAbTest(db.knex, plainId)).toBeNull();
  });
});
