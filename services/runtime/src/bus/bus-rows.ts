/** The bus's own tables (schema `bus`), one row type each, and the typed accessor to them (db/table.ts). */
import type { DeadLetterReason } from '@lp/contracts';
import { schemaTables } from '../db/table.ts';
import type { Headers } from './types.ts';

/** A stored message of the embedded bus's streams. */
export type MessageRow = {
  stream: string;
  seq: number;
  subject: string;
  msg_id: string | null;
  headers: Headers;
  data: string;
  stored_at: Date;
};

/** A durable consumer's ack floor. */
export type ConsumerRow = { stream: string; durable: string; ack_floor: number };

export type DeadLetterRow = {
  id: number;
  stream: string;
  subject: string;
  seq: number;
  msg_id: string | null;
  headers: Record<string, string>;
  payload: Uint8Array;
  durable: string;
  reason: DeadLetterReason;
  detail: string;
  parked_at: Date;
  replayed_at: Date | null;
  replay_msg_id: string | null;
};

export type BusTables = { messages: MessageRow; consumers: ConsumerRow; dead_letters: DeadLetterRow };

export const busTable = schemaTables<BusTables>('bus');
