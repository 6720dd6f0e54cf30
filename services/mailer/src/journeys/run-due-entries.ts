/**
 * The engine's one pass: takes up to `limit` due entries of active journeys and runs the step
 * each waits at. Three phases, so no transaction waits on another service:
 * 1. lease: `FOR UPDATE SKIP LOCKED` stamps the entries with this engine's id for a minute
 *    (replicas take disjoint entries; a dead engine's lease runs out and another takes them);
 * 2. ask crm, outside any transaction: which contacts may still be mailed (the exits:
 *    unsubscribed or bounced), and the list changes of list steps (idempotent: redone harmlessly
 *    if the pass does not commit);
 * 3. one transaction: re-lock the entries still leased here and still at the leased step, write a
 *    step run per entry (the once-per-entry-and-step claim), a delivery row per send (the send
 *    worker mails it, exactly as a campaign's), and move each entry to its next step, due at once
 *    or after its wait. All or nothing: a crash before commit leaves the entry where it was.
 * Returns how many steps ran.
 */
import { RPC, type Journey, type JourneyStep } from '@lp/contracts';
import { callRpc, type Knex, type Logger, type ServiceDeps } from '@lp/runtime';
import { wakeSenders } from '../sending/wake-senders.ts';
import { dueOnArrival, nextStepOf } from './journey-steps.ts';
import { loadJourneys } from './journeys-store.ts';

export type EngineDeps = Pick<ServiceDeps, 'knex' | 'bus' | 'counters'> & { log: Logger; timeZone: string };

type Leased = {
  id: number;
  journey_id: number;
  contact_id: number;
  email: string;
  first_name: string;
  last_name: string;
  step_id: string;
};

const LEASE_SECONDS = 60;
const RPC_TIMEOUT_MS = 10_000;

async function lease(knex: Knex, engineId: string, limit: number): Promise<Leased[]> {
  const { rows } = await knex.raw<{ rows: Leased[] }>(
    `update mailer.journey_entries e
        set leased_by = ?, lease_until = now() + ? * interval '1 second'
      where e.id in (
        select e2.id from mailer.journey_entries e2
          join mailer.journeys j on j.id = e2.journey_id
         where e2.state = 'active' and e2.due_at <= now() and j.status = 'active'
           and (e2.lease_until is null or e2.lease_until < now())
         order by e2.due_at, e2.id
         limit ?
         for update of e2 skip locked)
      returning e.id, e.journey_id, e.contact_id, e.email, e.first_name, e.last_name, e.step_id`,
    [engineId, LEASE_SECONDS, limit],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function release(knex: Knex | Knex.Transaction, engineId: string, ids: number[]): Promise<void> {
  await knex.raw(
    `update mailer.journey_entries set leased_by = null, lease_until = null where id = any(?::bigint[]) and leased_by = ?`,
    [ids, engineId],
  );
}

/** The contacts of these entries crm still lets us mail (not unsubscribed, not bounced, not deleted). */
async function mailableContacts(deps: EngineDeps, entries: Leased[]): Promise<Set<number>> {
  const emails = [...new Set(entries.map((e) => e.email.toLowerCase()))];
  const { contacts } = await callRpc(
    deps.bus,
    RPC.crm.audienceResolve,
    { audience: { emails }, afterId: 0, limit: 2000 },
    { log: deps.log, timeoutMs: RPC_TIMEOUT_MS },
  );
  return new Set(contacts.map((c) => c.id));
}

/** The list steps' changes in crm, one request per list (removals one per contact). */
async function applyListSteps(deps: EngineDeps, work: { entry: Leased; step: JourneyStep }[]): Promise<void> {
  const opts = { log: deps.log, timeoutMs: RPC_TIMEOUT_MS };
  const adds = new Map<number, number[]>();
  for (const { entry, step } of work) {
    if (step.kind === 'add_to_list') adds.set(step.listId, [...(adds.get(step.listId) ?? []), entry.contact_id]);
    if (step.kind === 'remove_from_list')
      await callRpc(
        deps.bus,
        RPC.crm.listMemberRemove,
        { listId: step.listId, contactId: entry.contact_id },
        opts,
      ).catch((err: unknown) => {
        // Not a member (any more), or the list is gone: nothing to remove.
        if ((err as { status?: number }).status !== 404) throw err;
      });
  }
  for (const [listId, contactIds] of adds) {
    for (let i = 0; i < contactIds.length; i += 1000)
      await callRpc(deps.bus, RPC.crm.listMembersAdd, { listId, contactIds: contactIds.slice(i, i + 1000) }, opts);
  }
}

/** Whether each (journey, contact) opened / clicked any mail of the journey. */
async function engagementOf(trx: Knex.Transaction, pairs: { journeyId: number; contactId: number }[]) {
  if (pairs.length === 0) return new Map<string, { opened: boolean; clicked: boolean }>();
  const { rows } = await trx.raw<{
    rows: { journey_id: number; contact_id: number; opened: boolean; clicked: boolean }[];
  }>(
    `select u.journey_id, u.contact_id,
            exists (select 1 from mailer.journey_send_campaigns j
                      join mailer.deliveries d on d.campaign_id = j.campaign_id and d.contact_id = u.contact_id
                      join mailer.tracking_events t on t.delivery_id = d.id
                     where j.journey_id = u.journey_id and t.kind = 'open' and not t.is_proxy) as opened,
            exists (select 1 from mailer.journey_send_campaigns j
                      join mailer.deliveries d on d.campaign_id = j.campaign_id and d.contact_id = u.contact_id
                      join mailer.tracking_events t on t.delivery_id = d.id
                     where j.journey_id = u.journey_id and t.kind = 'click' and not t.is_scanner) as clicked
       from unnest(?::int[], ?::int[]) as u(journey_id, contact_id)`,
    [pairs.map((p) => p.journeyId), pairs.map((p) => p.contactId)],
  );
  return new Map(rows.map((r) => [`${r.journey_id}:${r.contact_id}`, { opened: r.opened, clicked: r.clicked }]));
}

export async function runDueEntries(deps: EngineDeps, engineId: string, limit: number): Promise<number> {
  const { knex } = deps;
  const leased = await lease(knex, engineId, limit);
  if (leased.length === 0) return 0;
  const ids = leased.map((e) => e.id);
  try {
    const journeys = await loadJourneys(knex, [...new Set(leased.map((e) => e.journey_id))]);
    const stepOf = (e: Leased) => journeys.get(e.journey_id)?.steps.find((s) => s.id === e.step_id);
    const mailable = await mailableContacts(deps, leased);
    await applyListSteps(
      deps,
      leased.flatMap((entry) => {
        const step = stepOf(entry);
        return step && mailable.has(entry.contact_id) ? [{ entry, step }] : [];
      }),
    );
    const ran = await knex.transaction((trx) => runLeased(deps, trx, engineId, leased, journeys, mailable));
    if (ran.sends > 0) wakeSenders();
    deps.counters.inc('mailer_journey_steps_total', {}, ran.steps);
    return ran.steps;
  } catch (err) {
    await release(knex, engineId, ids).catch(() => {});
    throw err;
  }
}

async function runLeased(
  deps: EngineDeps,
  trx: Knex.Transaction,
  engineId: string,
  leased: Leased[],
  journeys: Map<number, Journey>,
  mailable: Set<number>,
): Promise<{ steps: number; sends: number }> {
  const { rows: mine } = await trx.raw<{ rows: { id: number; step_id: string }[] }>(
    `select id, step_id from mailer.journey_entries
      where id = any(?::bigint[]) and leased_by = ? and state = 'active' for update`,
    [leased.map((e) => e.id), engineId],
  );
  const stepNow = new Map(mine.map((r) => [Number(r.id), r.step_id]));
  // An edit moved it meanwhile: run it at its new step on the next pass.
  const work = leased.filter((e) => stepNow.get(e.id) === e.step_id);
  const campaigns = (await trx
    .withSchema('mailer')
    .table('journey_send_campaigns')
    .whereIn('journey_id', [...journeys.keys()])
    .select('journey_id', 'step_id', 'template_id', 'campaign_id')) as {
    journey_id: number;
    step_id: string;
    template_id: number;
    campaign_id: number;
  }[];
  const campaignOf = (journeyId: number, stepId: string, templateId: number) =>
    campaigns.find((c) => c.journey_id === journeyId && c.step_id === stepId && c.template_id === templateId)
      ?.campaign_id;
  const branchPairs = work
    .filter((e) => journeys.get(e.journey_id)?.steps.find((s) => s.id === e.step_id)?.kind === 'branch')
    .map((e) => ({ journeyId: e.journey_id, contactId: e.contact_id }));
  const engagement = await engagementOf(trx, branchPairs);

  const runs = { entry: [] as number[], step: [] as string[], journey: [] as number[], outcome: [] as string[] };
  const moves = {
    id: [] as number[],
    step: [] as (string | null)[],
    due: [] as string[],
    state: [] as string[],
    reason: [] as (string | null)[],
  };
  const sends: { entry: number; campaign: number; e: Leased }[] = [];
  const now = new Date();
  const move = (id: number, stepId: string | null, due: Date, state: string, reason: string | null) => {
    moves.id.push(id);
    moves.step.push(stepId);
    moves.due.push(due.toISOString());
    moves.state.push(state);
    moves.reason.push(reason);
  };
  for (const e of work) {
    const journey = journeys.get(e.journey_id)!;
    const step = journey.steps.find((s) => s.id === e.step_id);
    if (!step) {
      // The step is gone (an edit committed after the lease): nowhere to be; the journey ends here.
      move(e.id, null, now, 'completed', null);
      continue;
    }
    if (!mailable.has(e.contact_id)) {
      move(e.id, e.step_id, now, 'exited', 'unsubscribed_or_bounced');
      continue;
    }
    let taken: boolean | undefined;
    let outcome: string = step.kind;
    if (step.kind === 'branch') {
      const seen = engagement.get(`${e.journey_id}:${e.contact_id}`);
      taken = step.condition === 'opened' ? seen?.opened === true : seen?.clicked === true;
      outcome = taken ? 'yes' : 'no';
    }
    if (step.kind === 'send') {
      const campaign = campaignOf(e.journey_id, step.id, step.templateId);
      if (campaign === undefined) throw new Error(`journey ${e.journey_id} step ${step.id} has no campaign`);
      sends.push({ entry: e.id, campaign, e });
    }
    runs.entry.push(e.id);
    runs.step.push(step.id);
    runs.journey.push(e.journey_id);
    runs.outcome.push(outcome);
    const next = nextStepOf(journey.steps, step.id, taken);
    if (next) move(e.id, next.id, dueOnArrival(next, now, deps.timeZone), 'active', null);
    else move(e.id, null, now, 'completed', null);
  }
  const { rows: claimed } = await trx.raw<{ rows: { entry_id: number }[] }>(
    `insert into mailer.journey_step_runs (entry_id, step_id, journey_id, outcome)
     select * from unnest(?::bigint[], ?::text[], ?::int[], ?::text[])
     on conflict do nothing returning entry_id`,
    [runs.entry, runs.step, runs.journey, runs.outcome],
  );
  // A step that ran before (its run row exists) is not run again: no second delivery.
  const fresh = new Set(claimed.map((r) => Number(r.entry_id)));
  const toSend = sends.filter((s) => fresh.has(s.entry));
  if (toSend.length)
    await trx.raw(
      `insert into mailer.deliveries (campaign_id, contact_id, email, first_name, last_name)
       select * from unnest(?::int[], ?::int[], ?::text[], ?::text[], ?::text[])
       on conflict (campaign_id, contact_id) do nothing`,
      [
        toSend.map((s) => s.campaign),
        toSend.map((s) => s.e.contact_id),
        toSend.map((s) => s.e.email),
        toSend.map((s) => s.e.first_name),
        toSend.map((s) => s.e.last_name),
      ],
    );
  await trx.raw(
    `update mailer.journey_entries e
        set step_id = u.step_id, due_at = u.due_at, state = u.state, exit_reason = u.reason,
            leased_by = null, lease_until = null, updated_at = now()
       from unnest(?::bigint[], ?::text[], ?::timestamptz[], ?::text[], ?::text[]) as u(id, step_id, due_at, state, reason)
      where e.id = u.id`,
    [moves.id, moves.step as string[], moves.due, moves.state, moves.reason as string[]],
  );
  const skipped = leased.filter((e) => !work.includes(e)).map((e) => e.id);
  if (skipped.length) await release(trx, engineId, skipped);
  return { steps: fresh.size, sends: toSend.length };
}
