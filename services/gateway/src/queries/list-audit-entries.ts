/** A page of the audit log, newest first, before an entry id (the cursor). */
import type { AuditAction, AuditOutcome, AuditPage } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { gatewayTable } from './rows.ts';

export async function listAuditEntries(
  knex: Knex,
  opts: { limit: number; cursor?: string | undefined },
): Promise<AuditPage> {
  const q = gatewayTable(knex, 'audit_log')
    .orderBy('id', 'desc')
    .limit(opts.limit + 1);
  if (opts.cursor !== undefined) q.where('id', '<', opts.cursor);
  const rows = await q.select('id', 'at', 'actor', 'action', 'outcome', 'target', 'details');
  const page = rows.slice(0, opts.limit);
  return {
    entries: page.map((r) => ({
      id: String(r.id),
      at: r.at.toISOString(),
      actor: r.actor,
      action: r.action as AuditAction,
      outcome: r.outcome as AuditOutcome,
      target: r.target,
      details: r.details,
    })),
    nextCursor: rows.length > opts.limit ? String(page[page.length - 1]?.id) : null,
  };
}
