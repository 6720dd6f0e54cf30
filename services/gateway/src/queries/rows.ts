/** The gateway's tables (schema `gateway`) its queries type, one row type each, and the typed accessor to them (runtime db/table.ts). */
import { schemaTables } from '@lp/runtime';

export type AuditLogRow = {
  id: number;
  at: Date;
  actor_id: number | null;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  request_id: string | null;
  outcome: string;
  settled_at: Date | null;
};

/** Hits in a bucket's window; times are epoch milliseconds. */
export type RateCounterRow = { bucket: string; count: number; reset_at: number; last_at: number };

export type GatewayTables = { audit_log: AuditLogRow; rate_counters: RateCounterRow };

export const gatewayTable = schemaTables<GatewayTables>('gateway');
