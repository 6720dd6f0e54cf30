/**
 * The journeys' queries: definitions (create, edit by version, pause/resume, delete), their
 * per-step figures, and the entries of contacts. An edit runs in one transaction with what it
 * implies: contacts waiting at a removed step move to the next step that survives (due at once,
 * or after that step's wait), and each send step gets the campaign its mail goes under (status
 * `journey`, the template's subject and content, its links numbered for tracking; kept as the
 * template is edited: refresh-journey-mail.ts).
 */
import {
  site,
  STALE_EDIT_MESSAGES,
  type Journey,
  type JourneyForm,
  JOURNEY_DEFAULT_EXITS,
  type JourneyExits,
  type JourneyStats,
  type JourneyStatus,
  type JourneyStep,
  type JourneyTrigger,
  type JourneyWithStats,
} from '@lp/contracts';
import { badRequest, conflict, notFound, type Knex } from '@lp/runtime';
import { dueOnArrival, movesForRemovedSteps } from './journey-steps.ts';
import { addCampaignLinks, journeyMessageOf } from './refresh-journey-mail.ts';

type Db = Knex | Knex.Transaction;
type JourneyRow = {
  id: number;
  name: string;
  status: JourneyStatus;
  version: number;
  trigger: JourneyTrigger | string;
  exits: JourneyExits | string | null;
  steps: JourneyStep[] | string;
  created_at: Date | string;
  updated_at: Date | string;
};
const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export const toJourney = (r: JourneyRow): Journey => ({
  id: r.id,
  name: r.name,
  status: r.status,
  version: r.version,
  trigger: json(r.trigger),
  exits: r.exits === null ? JOURNEY_DEFAULT_EXITS : json(r.exits),
  steps: json(r.steps),
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

const journeys = (db: Db) => db.withSchema('mailer').table('journeys');

export async function findJourney(db: Db, id: number): Promise<Journey | null> {
  const row = (await journeys(db).where({ id }).first()) as JourneyRow | undefined;
  return row ? toJourney(row) : null;
}

/** The journeys these ids name, for the engine (paused ones too: a paused journey's entries are not claimed). */
export async function loadJourneys(db: Db, ids: number[]): Promise<Map<number, Journey>> {
  const rows = (await journeys(db).whereIn('id', ids)) as JourneyRow[];
  return new Map(rows.map((r) => [r.id, toJourney(r)]));
}

/** The active journeys a form submission of this interest enters. */
export async function journeysForSubmission(db: Db, interest: string): Promise<Journey[]> {
  const rows = (await journeys(db)
    .where({ status: 'active', trigger_kind: 'form_submission' })
    .whereIn('trigger_interest', [interest, 'any'])) as JourneyRow[];
  return rows.map(toJourney);
}

/** Each send step's campaign: the one made for its template, made now when there is none. */
async function syncSendCampaigns(trx: Knex.Transaction, journeyId: number, name: string, steps: JourneyStep[]) {
  for (const [i, step] of steps.entries()) {
    if (step.kind !== 'send') continue;
    const known = await trx
      .withSchema('mailer')
      .table('journey_send_campaigns')
      .where({ journey_id: journeyId, step_id: step.id, template_id: step.templateId })
      .first('campaign_id');
    if (known) continue;
    const t = (await trx.withSchema('mailer').table('templates').where({ id: step.templateId }).first()) as
      { subject: string; content: string; preview_text: string } | undefined;
    if (!t)
      throw badRequest('Some fields need attention', {
        fields: { [`steps.${i}.templateId`]: ['Choose an existing template'] },
      });
    const [row] = await trx
      .withSchema('mailer')
      .table('campaigns')
      .insert({
        name: `${name} — step ${step.id}`.slice(0, 300),
        ...journeyMessageOf(t),
        from_name: site.brand,
        from_email: site.email,
        status: 'journey',
        audience_resolved: true,
        started_at: trx.fn.now(),
      })
      .returning<{ id: number }[]>('id');
    await addCampaignLinks(trx, row!.id, journeyMessageOf(t).content);
    await trx
      .withSchema('mailer')
      .table('journey_send_campaigns')
      .insert({ journey_id: journeyId, step_id: step.id, template_id: step.templateId, campaign_id: row!.id });
  }
}

const triggerColumns = (t: JourneyTrigger) => ({
  trigger: JSON.stringify(t),
  trigger_kind: t.kind,
  trigger_interest: t.kind === 'form_submission' ? t.interest : null,
});
/** A list-joined trigger reads the members who join from now on (a new one, or one switched to another list). */
const listCursorFrom = (at: Date) => ({ list_cursor: at.toISOString(), list_cursor_contact: 0 });
/**
 * The other triggers start from now too (a new one, or one changed by an edit): clicks after the
 * newest tracking event, crossings and lot changes after this instant, and a segment's first
 * read records its members without letting them in (follow-segment-triggers.ts).
 */
const triggerCursorsFrom = async (trx: Knex.Transaction, at: Date) => {
  const newest = (await trx.withSchema('mailer').table('tracking_events').max('id as id').first()) as
    { id: string | number | null } | undefined;
  return {
    trigger_set_at: at.toISOString(),
    trigger_polled_at: null,
    click_cursor: Number(newest?.id ?? 0),
    click_horizon: null,
    segment_after: null,
    segment_primed: false,
  };
};

/** 400 at the trigger's campaign when a link-click trigger names a campaign the mailer does not have. */
async function checkTriggerCampaign(trx: Knex.Transaction, trigger: JourneyTrigger): Promise<void> {
  if (trigger.kind !== 'link_clicked') return;
  const known = await trx.withSchema('mailer').table('campaigns').where({ id: trigger.campaignId }).first('id');
  if (!known)
    throw badRequest('Some fields need attention', {
      fields: { 'trigger.campaignId': ['Choose an existing campaign'] },
    });
}

export async function createJourney(knex: Knex, form: JourneyForm, savedBy: string): Promise<number> {
  return knex.transaction(async (trx) => {
    await checkTriggerCampaign(trx, form.trigger);
    const [row] = await journeys(trx)
      .insert({
        name: form.name,
        ...triggerColumns(form.trigger),
        ...listCursorFrom(new Date()),
        ...(await triggerCursorsFrom(trx, new Date())),
        exits: JSON.stringify(form.exits),
        steps: JSON.stringify(form.steps),
        updated_by: savedBy,
      })
      .returning<{ id: number }[]>('id');
    await syncSendCampaigns(trx, row!.id, form.name, form.steps);
    return row!.id;
  });
}

/** Stores an edit made on `version`; contacts at removed steps move on. */
export async function updateJourney(
  knex: Knex,
  input: { id: number; version: number; journey: JourneyForm; savedBy: string },
  timeZone: string,
): Promise<void> {
  await knex.transaction(async (trx) => {
    const row = (await journeys(trx).where({ id: input.id }).forUpdate().first()) as JourneyRow | undefined;
    if (!row) throw notFound('Journey not found');
    if (row.version !== input.version) throw conflict(STALE_EDIT_MESSAGES.journey);
    const before = toJourney(row).steps;
    const after = input.journey.steps;
    const triggerMoved = JSON.stringify(toJourney(row).trigger) !== JSON.stringify(input.journey.trigger);
    if (triggerMoved) await checkTriggerCampaign(trx, input.journey.trigger);
    await journeys(trx)
      .where({ id: input.id })
      .update({
        name: input.journey.name,
        ...triggerColumns(input.journey.trigger),
        ...(triggerMoved ? listCursorFrom(new Date()) : {}),
        // A new segment round: a reader still in the old one finds its round gone and stops.
        ...(triggerMoved
          ? { ...(await triggerCursorsFrom(trx, new Date())), segment_round: trx.raw('segment_round + 1') }
          : {}),
        exits: JSON.stringify(input.journey.exits),
        steps: JSON.stringify(after),
        version: row.version + 1,
        updated_at: trx.fn.now(),
        updated_by: input.savedBy,
      });
    if (triggerMoved)
      await trx.withSchema('mailer').table('journey_segment_members').where({ journey_id: input.id }).delete();
    await syncSendCampaigns(trx, input.id, input.journey.name, after);
    const now = new Date();
    for (const [removed, to] of movesForRemovedSteps(before, after)) {
      const entries = trx
        .withSchema('mailer')
        .table('journey_entries')
        .where({ journey_id: input.id, step_id: removed, state: 'active' });
      const next = to === null ? undefined : after.find((s) => s.id === to);
      if (!next) await entries.update({ state: 'completed', step_id: null, updated_at: trx.fn.now() });
      else
        await entries.update({ step_id: next.id, due_at: dueOnArrival(next, now, timeZone), updated_at: trx.fn.now() });
    }
  });
}

export async function setJourneyStatus(knex: Knex, id: number, status: JourneyStatus): Promise<void> {
  const n = await journeys(knex).where({ id }).update({ status, updated_at: knex.fn.now() });
  if (n === 0) throw notFound('Journey not found');
}

export async function deleteJourney(knex: Knex, id: number): Promise<boolean> {
  return (await journeys(knex).where({ id }).delete()) > 0;
}

/** Per step: waiting at it now, passed it, left the journey at it; and the journey's totals. */
export async function journeyStats(db: Db, journey: Journey): Promise<JourneyStats> {
  const entries = (await db
    .withSchema('mailer')
    .table('journey_entries')
    .where({ journey_id: journey.id })
    .groupBy('state', 'step_id', 'exit_reason')
    .select('state', 'step_id', 'exit_reason', db.raw('count(*)::int as n'))) as {
    state: string;
    step_id: string | null;
    exit_reason: string | null;
    n: number;
  }[];
  const runs = (await db
    .withSchema('mailer')
    .table('journey_step_runs')
    .where({ journey_id: journey.id })
    .groupBy('step_id')
    .select('step_id', db.raw('count(*)::int as n'))) as { step_id: string; n: number }[];
  const sum = (state: string) => entries.filter((e) => e.state === state).reduce((a, e) => a + Number(e.n), 0);
  const exitedBy = (reason: string) =>
    entries.filter((e) => e.state === 'exited' && e.exit_reason === reason).reduce((a, e) => a + Number(e.n), 0);
  const at = (state: string, stepId: string) =>
    entries.filter((e) => e.state === state && e.step_id === stepId).reduce((a, e) => a + Number(e.n), 0);
  return {
    journeyId: journey.id,
    entered: entries.reduce((a, e) => a + Number(e.n), 0),
    active: sum('active'),
    completed: sum('completed'),
    exited: sum('exited'),
    exitedBy: {
      unsubscribed_or_bounced: exitedBy('unsubscribed_or_bounced'),
      replied: exitedBy('replied'),
      customer: exitedBy('customer'),
    },
    steps: journey.steps.map((s) => ({
      stepId: s.id,
      waiting: at('active', s.id),
      passed: Number(runs.find((r) => r.step_id === s.id)?.n ?? 0),
      left: at('exited', s.id),
    })),
  };
}

export async function journeyWithStats(db: Db, id: number): Promise<JourneyWithStats> {
  const journey = await findJourney(db, id);
  if (!journey) throw notFound('Journey not found');
  return { ...journey, stats: await journeyStats(db, journey) };
}

export async function listJourneys(db: Db): Promise<JourneyWithStats[]> {
  const rows = (await journeys(db).orderBy('id', 'desc')) as JourneyRow[];
  return Promise.all(rows.map(async (r) => ({ ...toJourney(r), stats: await journeyStats(db, toJourney(r)) })));
}

export type Entrant = {
  key: string;
  contactId: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The lot that let the contact in (asked about, viewed, changed), if any. */
  lotNumber?: number | null;
};

/** Contacts enter a journey at its first step, once per entry key; returns how many entered now. */
export async function enterJourney(db: Db, journey: Journey, entrants: Entrant[], timeZone: string): Promise<number> {
  const first = journey.steps[0];
  if (!first || entrants.length === 0) return 0;
  const due = dueOnArrival(first, new Date(), timeZone);
  const rows = (await db
    .withSchema('mailer')
    .table('journey_entries')
    .insert(
      entrants.map((e) => ({
        journey_id: journey.id,
        entry_key: e.key,
        contact_id: e.contactId,
        email: e.email,
        first_name: e.firstName,
        last_name: e.lastName,
        lot_number: e.lotNumber ?? null,
        step_id: first.id,
        due_at: due,
      })),
    )
    .onConflict(['journey_id', 'entry_key'])
    .ignore()
    .returning('id')) as unknown[];
  return rows.length;
}
