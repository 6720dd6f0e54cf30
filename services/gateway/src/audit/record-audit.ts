/**
 * The audit log's one mechanism: no staff action takes effect unless its entry is stored first.
 *
 * Most actions are done by another service (an RPC answered by crm, mailer, content, inventory)
 * or by a publish to the bus; the gateway's database cannot share their transactions. So
 * `audited()` writes the entry as an intent (outcome `pending`) BEFORE it asks or publishes:
 * if that write fails nothing is done and the answer is a 503. Once the owning service answered
 * (or JetStream stored the publish) the entry is marked `done`; a refusal (4xx) marks it `failed`,
 * any other failure (timeout, service away) `unknown`, since the effect may or may not have
 * happened. Marking is best effort: when it fails after the effect, the action's answer still
 * stands (never a 5xx after the effect), the failure is logged and the entry keeps saying
 * `pending`, which never claims success. Carrying the entry in every RPC and event instead would
 * have meant an audit table in each service and one screen reading five databases.
 *
 * Changes the gateway makes in its own database (staff accounts, sessions, the command line's
 * password reset) call `recordAudit(trx, …)` inside that transaction: entry and change commit
 * together, as `done`.
 *
 * Details are small JSON (ids, names, which fields changed), never secrets or message bodies.
 * Text is stored as well-formed Unicode: jsonb refuses NUL and unpaired surrogates, and a
 * typed subject must never be what makes an audit write fail.
 */
import { AppError, unavailable, type Knex, type Logger } from '@lp/runtime';
import { markUnstorable, type AuditAction, type AuditOutcome } from '@lp/contracts';
import type { GatewayState } from '../middleware/request-context.ts';
import { gatewayTable } from '../queries/rows.ts';

/** Who acted: a request's state with its session, or an explicit actor (scripts, sign-in). */
export type AuditActor =
  Pick<GatewayState, 'session' | 'reqId'> | { actorId: number | null; actor: string; reqId?: string | undefined };

export type AuditDetails = Record<string, unknown>;
export type AuditIntent = { action: AuditAction; target?: string | null; details?: AuditDetails };

function storableJson(details: AuditDetails): string {
  return JSON.stringify(details, (_key, value: unknown) => (typeof value === 'string' ? markUnstorable(value) : value));
}

function actorColumns(who: AuditActor) {
  return 'actor' in who
    ? { actor_id: who.actorId, actor: markUnstorable(who.actor) }
    : { actor_id: who.session?.userId ?? null, actor: who.session?.username ?? 'anonymous' };
}

async function insertEntry(
  db: Knex | Knex.Transaction,
  who: AuditActor,
  intent: AuditIntent,
  outcome: AuditOutcome,
): Promise<string> {
  const [row] = await gatewayTable(db, 'audit_log')
    .insert({
      ...actorColumns(who),
      action: intent.action,
      target: intent.target == null ? null : markUnstorable(intent.target),
      // JSON already written (marked where unstorable), bound as the text of the jsonb value.
      details: db.raw('?', [storableJson(intent.details ?? {})]),
      request_id: who.reqId ?? null,
      outcome,
      ...(outcome === 'done' ? { settled_at: db.fn.now() } : {}),
    })
    .returning('id');
  return String(row!.id);
}

/** Records a change made in the gateway's own database: pass its transaction, the entry commits with it. */
export async function recordAudit(
  db: Knex | Knex.Transaction,
  who: AuditActor,
  action: AuditAction,
  target?: string | null,
  details: AuditDetails = {},
): Promise<void> {
  await insertEntry(db, who, { action, target: target ?? null, details }, 'done');
}

/** A refusal by the owning service changed nothing; anything else may have. */
const outcomeOf = (err: unknown): AuditOutcome => (err instanceof AppError && err.status < 500 ? 'failed' : 'unknown');

/**
 * Runs `effect` (the RPC or publish that does the action) under its audit entry: intent first,
 * then the effect, then the outcome. `learned` adds what only the answer tells (a new id) to the
 * entry; `partlyDone` tells whether a failed effect got part of the way (an import's first chunks),
 * so a refusal after that is `unknown`, not `failed`. Answers what `effect` answered; throws a 503
 * without running it when the intent is not stored.
 */
export async function audited<T>(
  knex: Knex,
  who: AuditActor & { log: Logger },
  intent: AuditIntent,
  effect: () => Promise<T>,
  learned?: (result: T) => { target?: string; details?: AuditDetails },
  partlyDone: () => boolean = () => false,
): Promise<T> {
  let id: string;
  try {
    id = await insertEntry(knex, who, intent, 'pending');
  } catch (err) {
    who.log.error({ err, action: intent.action }, 'audit intent not stored: the action was not done');
    throw unavailable('This change could not be recorded in the audit log, so it was not made. Please try again.');
  }
  let result: T;
  try {
    result = await effect();
  } catch (err) {
    await settle(knex, who.log, id, intent.action, partlyDone() ? 'unknown' : outcomeOf(err));
    throw err;
  }
  let extra: { target?: string; details?: AuditDetails } = {};
  try {
    extra = learned?.(result) ?? {};
  } catch (err) {
    who.log.error({ err, auditId: id }, 'audit details of the answer not readable');
  }
  await settle(knex, who.log, id, intent.action, 'done', extra);
  return result;
}

async function settle(
  knex: Knex,
  log: Logger,
  id: string,
  action: AuditAction,
  outcome: AuditOutcome,
  extra: { target?: string; details?: AuditDetails } = {},
): Promise<void> {
  try {
    await knex
      .withSchema('gateway')
      .table('audit_log')
      .where({ id })
      .update({
        outcome,
        settled_at: knex.fn.now(),
        ...(extra.target !== undefined ? { target: markUnstorable(extra.target) } : {}),
        ...(extra.details ? { details: knex.raw('details || ?::jsonb', [storableJson(extra.details)]) } : {}),
      });
  } catch (err) {
    // The action's answer stands: the entry keeps saying `pending`, which claims nothing.
    log.error({ err, auditId: id, action, outcome }, 'audit outcome not stored; the entry stays pending');
  }
}
