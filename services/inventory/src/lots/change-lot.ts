/**
 * Changes one lot for a staff member: locks it, keeps only the fields that really differ,
 * writes them with who and when, appends the audit row, commits, and then publishes
 * `inventory.lot.changed` (message id = the audit row's event id). A change that changes
 * nothing writes and publishes nothing. An unknown number is a 404; a change based on another
 * version than the stored one is a 409 and writes nothing (the lot is locked while compared, so
 * of two staff saving the same version one wins and the other is told).
 *
 * The event is published after the commit: if the bus is away at that moment the change
 * stands (it is in the table and the audit trail) and the failure is logged and counted
 * (`inventory_lot_events_failed_total`); caches that missed it expire on their own timer.
 */
import { eventMeta, STALE_EDIT_MESSAGES, SUBJECTS, type Lot, type LotChanged, type LotPatch } from '@lp/contracts';
import { conflict, notFound, requestIdHeaders, type AnswerContext } from '@lp/runtime';
import { findLotForUpdate } from '../queries/find-lot-for-update.ts';
import { insertLotChange } from '../queries/insert-lot-change.ts';
import { updateLot } from '../queries/update-lot.ts';

type Changes = Record<string, { from: unknown; to: unknown }>;

const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The fields of `patch` whose value differs from the lot's, with before and after. */
export function diffLot(lot: Lot, patch: LotPatch): Changes {
  const changes: Changes = {};
  if (patch.status !== undefined && patch.status !== lot.status)
    changes.status = { from: lot.status, to: patch.status };
  if (patch.price !== undefined && patch.price !== lot.price) changes.price = { from: lot.price, to: patch.price };
  if (patch.sizeSqFt !== undefined && patch.sizeSqFt !== lot.sizeSqFt)
    changes.sizeSqFt = { from: lot.sizeSqFt, to: patch.sizeSqFt };
  if (patch.description !== undefined && patch.description !== lot.description)
    changes.description = { from: lot.description, to: patch.description };
  if (patch.tags !== undefined && !sameTags(patch.tags, lot.tags)) changes.tags = { from: lot.tags, to: patch.tags };
  return changes;
}

export async function changeLot(
  { knex, bus, log, counters, reqId }: Pick<AnswerContext, 'knex' | 'bus' | 'log' | 'counters'> & { reqId?: string },
  input: { number: number; patch: LotPatch; changedBy: string },
): Promise<Lot> {
  const meta = eventMeta();
  const changedAt = new Date(meta.occurredAt);
  const done = await knex.transaction(async (trx) => {
    const lot = await findLotForUpdate(trx, input.number);
    if (!lot) throw notFound(`Lot ${input.number} not found`);
    if (lot.version !== input.patch.version) throw conflict(STALE_EDIT_MESSAGES.lot);
    const changes = diffLot(lot, input.patch);
    if (Object.keys(changes).length === 0) return { lot, changes };
    const patch = Object.fromEntries(Object.keys(changes).map((k) => [k, input.patch[k as keyof LotPatch]]));
    const updated = await updateLot(trx, input.number, patch, { changedBy: input.changedBy, changedAt });
    await insertLotChange(trx, {
      lotNumber: input.number,
      changedBy: input.changedBy,
      changedAt,
      changes,
      eventId: meta.id,
    });
    return { lot: updated, changes };
  });
  if (Object.keys(done.changes).length === 0) return done.lot;

  counters.inc('inventory_lot_changes_total', { status: done.lot.status });
  log.info({ lot: input.number, changedBy: input.changedBy, fields: Object.keys(done.changes) }, 'lot changed');
  const event: LotChanged = { ...meta, lot: done.lot, changes: done.changes, changedBy: input.changedBy };
  try {
    await bus.publish(SUBJECTS.lotChanged, event, { msgId: event.id, headers: requestIdHeaders(reqId) });
  } catch (err) {
    counters.inc('inventory_lot_events_failed_total', {});
    log.error({ err, lot: input.number, eventId: event.id }, 'lot changed but its event was not published');
  }
  return done.lot;
}
