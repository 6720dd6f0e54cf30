/**
 * The audit log's one entry point: `recordAudit(db, who, action, target?, details?)` writes who
 * (the signed-in staff member, from the request) did what to which thing. Pass the use case's
 * transaction so the entry commits with the change it records; pass `ctx.state` as `who` from a
 * route. Details are small JSON (ids, names, counts), never secrets or message bodies.
 */
import type { AuditAction } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';

/** Who acted: a request's state with its session, or an explicit actor (scripts, sign-in). */
export type AuditActor =
  Pick<GatewayState, 'session' | 'reqId'> | { actorId: number | null; actor: string; reqId?: string | undefined };

export async function recordAudit(
  db: Knex | Knex.Transaction,
  who: AuditActor,
  action: AuditAction,
  target?: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  const actor =
    'actor' in who
      ? { actor_id: who.actorId, actor: who.actor }
      : { actor_id: who.session?.userId ?? null, actor: who.session?.username ?? 'anonymous' };
  await db
    .withSchema('gateway')
    .table('audit_log')
    .insert({
      ...actor,
      action,
      target: target ?? null,
      details: JSON.stringify(details),
      request_id: who.reqId ?? null,
    });
}
