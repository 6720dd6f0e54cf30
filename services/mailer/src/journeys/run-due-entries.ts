/**
 * The engine's one pass: takes up to `limit` due entries of active journeys and runs the step
 * each waits at. Three phases, so no transaction waits on another service:
 * 1. lease: `FOR UPDATE SKIP LOCKED` stamps the entries with this engine's id for a minute
 *    (replicas take disjoint entries; a dead engine's lease runs out and another takes them);
 * 2. outside any transaction (journey-facts.ts): ask crm which contacts may still be mailed and
 *    which are customers, read the entries' opens, clicks and replies (one query), and ask
 *    inventory once for the lots' statuses when a lot-status branch needs them; decide the exits
 *    (journey-conditions.ts: unsubscribed or bounced, replied, customer, before each step) and
 *    apply the list and tag changes of the entries that stay (apply-crm-steps.ts; idempotent:
 *    redone harmlessly if the pass does not commit);
 * 3. one transaction: re-lock the entries still leased here and still at the leased step, write a
 *    step run per entry (the once-per-entry-and-step claim), a delivery row per send (the send
 *    worker mails it, exactly as a campaign's), an alert row per staff alert (the alert worker
 *    mails it, journey-alerts-store.ts), and move each entry to its next step, due at once or
 *    after its wait. All or nothing: a crash before commit leaves the entry where it was.
 * An entry at a lot-status branch while inventory does not answer waits half a minute where it is.
 * Returns how many steps ran.
 */
import type { Journey, JourneyExitReason, JourneyStep, LotStatus } from '@lp/contracts';
import type { Knex, Logger, ServiceDeps } from '@lp/runtime';
import { wakeSenders } from '../sending/wake-senders.ts';
import { applyListSteps, applyTagSteps } from './apply-crm-steps.ts';
import { wakeJourneyAlerts } from './journey-alert-worker.ts';
import { queueAlerts, type QueuedAlert } from './journey-alerts-store.ts';
import { branchTaken, exitReasonOf, lotAskedBy } from './journey-conditions.ts';
import { contactsOf, engagementOf, lotStatusesOf, type Engagement } from './journey-facts.ts';
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
  lot_number: number | null;
};

const LEASE_SECONDS = 60;
/** How long an entry at a lot-status branch waits when inventory does not answer. */
const LOTS_AWAY_WAIT_MS = 30_000;

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
      returning e.id, e.journey_id, e.contact_id, e.email, e.first_name, e.last_name, e.step_id, e.lot_number`,
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

/** What phase 2 decided of each entry, for the transaction. */
type Decided = {
  /** Why each entry leaves before its step (absent: it runs it). */
  exits: Map<number, JourneyExitReason>;
  engagement: Map<number, Engagement>;
  /** Lot statuses by number; null when inventory did not answer (lot-status branches wait). */
  lots: Map<number, LotStatus> | null;
};

const isLotBranch = (step: JourneyStep | undefined): step is Extract<JourneyStep, { kind: 'branch' }> =>
  step?.kind === 'branch' && step.condition === 'lot_status';

export async function runDueEntries(deps: EngineDeps, engineId: string, limit: number): Promise<number> {
  const { knex } = deps;
  const leased = await lease(knex, engineId, limit);
  if (leased.length === 0) return 0;
  const ids = leased.map((e) => e.id);
  try {
    const journeys = await loadJourneys(knex, [...new Set(leased.map((e) => e.journey_id))]);
    const stepOf = (e: Leased) => journeys.get(e.journey_id)?.steps.find((s) => s.id === e.step_id);
    const contacts = await contactsOf(
      deps,
      leased.map((e) => e.contact_id),
    );
    // Opens, clicks and replies are read for the entries that a branch or a reply exit asks about.
    const engagement = await engagementOf(
      knex,
      leased.filter((e) => stepOf(e)?.kind === 'branch' || journeys.get(e.journey_id)?.exits.replied).map((e) => e.id),
    );
    const exits = new Map<number, JourneyExitReason>();
    for (const e of leased) {
      const journey = journeys.get(e.journey_id);
      if (!journey) continue;
      const contact = contacts.get(e.contact_id);
      const state = {
        mailable: contact?.mailable === true,
        customer: contact?.customer === true,
        replied: engagement.get(e.id)?.replied === true,
      };
      const reason = exitReasonOf(state, journey.exits);
      if (reason) exits.set(e.id, reason);
    }
    const staying = leased.flatMap((entry) => {
      const step = stepOf(entry);
      return step && !exits.has(entry.id) ? [{ entry, step }] : [];
    });
    const lotsAsked = staying.some(
      ({ entry, step }) => isLotBranch(step) && lotAskedBy(step, entry.lot_number) !== null,
    );
    const lots = lotsAsked ? await lotStatusesOf(deps) : new Map<number, LotStatus>();
    await applyListSteps(deps, staying);
    await applyTagSteps(deps, staying);
    const ran = await knex.transaction((trx) =>
      runLeased(deps, trx, engineId, leased, journeys, { exits, engagement, lots }),
    );
    if (ran.sends > 0) wakeSenders();
    if (ran.alerts > 0) wakeJourneyAlerts();
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
  decided: Decided,
): Promise<{ steps: number; sends: number; alerts: number }> {
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

  const runs = { entry: [] as number[], step: [] as string[], journey: [] as number[], outcome: [] as string[] };
  const moves = {
    id: [] as number[],
    step: [] as (string | null)[],
    due: [] as string[],
    state: [] as string[],
    reason: [] as (string | null)[],
  };
  const sends: { entry: number; campaign: number; e: Leased }[] = [];
  const alerts: QueuedAlert[] = [];
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
    const exit = decided.exits.get(e.id);
    if (exit) {
      move(e.id, e.step_id, now, 'exited', exit);
      continue;
    }
    let taken: boolean | undefined;
    let outcome: string = step.kind;
    if (step.kind === 'branch') {
      const lot = isLotBranch(step) ? lotAskedBy(step, e.lot_number) : null;
      if (lot !== null && decided.lots === null) {
        move(e.id, e.step_id, new Date(now.getTime() + LOTS_AWAY_WAIT_MS), 'active', null);
        continue;
      }
      const seen = decided.engagement.get(e.id);
      taken = branchTaken(step, {
        opened: seen?.opened === true,
        clicked: seen?.clicked === true,
        replied: seen?.replied === true,
        lotStatus: lot === null ? null : (decided.lots?.get(lot) ?? null),
      });
      outcome = taken ? 'yes' : 'no';
    }
    if (step.kind === 'alert_staff') alerts.push({ entry: e, step });
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
      `insert into mailer.deliveries (journey_entry_id, campaign_id, contact_id, email, first_name, last_name)
       select * from unnest(?::bigint[], ?::int[], ?::int[], ?::text[], ?::text[], ?::text[])
       on conflict do nothing`,
      [
        toSend.map((s) => s.entry),
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
  const queued = await queueAlerts(
    trx,
    alerts.filter((a) => fresh.has(a.entry.id)),
  );
  const skipped = leased.filter((e) => !work.includes(e)).map((e) => e.id);
  if (skipped.length) await release(trx, engineId, skipped);
  return { steps: fresh.size, sends: toSend.length, alerts: queued };
}
