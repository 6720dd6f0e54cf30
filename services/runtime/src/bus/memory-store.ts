/**
 * Where the embedded bus keeps its streams. The in-memory store forgets everything on exit
 * (unit tests); the Postgres store (PGlite in the embedded product) keeps messages and
 * consumer positions, so a form submission answered 201 survives a restart exactly as with JetStream.
 * Messages leave storage only by their stream's retention limits (`deleteThrough`).
 */
import type { Knex } from 'knex';
import { busTable, type BusTables, type MessageRow } from './bus-rows.ts';
import type { Headers } from './types.ts';

export type StoredMessage = {
  stream: string;
  seq: number;
  subject: string;
  msgId: string | undefined;
  headers: Headers;
  data: string;
  storedAt: number;
};

export interface StreamStore {
  load(): Promise<{ messages: StoredMessage[]; floors: Map<string, number> }>;
  /** Resolves once the message is durable. */
  append(msg: StoredMessage): Promise<void>;
  /** Records a consumer's ack floor. */
  saveFloor(stream: string, durable: string, floor: number): Promise<void>;
  /** Deletes a stream's messages up to and including `seq` (retention limits reached). */
  deleteThrough(stream: string, seq: number): Promise<void>;
  /**
   * A stream's stored messages after `afterSeq` up to `throughSeq`, in order; absent from a store
   * that keeps nothing (so the bus keeps every payload in memory).
   */
  readFrom?(stream: string, afterSeq: number, throughSeq: number): Promise<StoredMessage[]>;
}

export const floorKey = (stream: string, durable: string) => `${stream}/${durable}`;

export function createMemoryStore(): StreamStore {
  return {
    load: async () => ({ messages: [], floors: new Map() }),
    append: async () => {},
    saveFloor: async () => {},
    deleteThrough: async () => {},
  };
}

export const BUS_SCHEMA = 'bus';

const storedMessageOf = (r: MessageRow): StoredMessage => ({
  stream: r.stream,
  seq: r.seq,
  subject: r.subject,
  msgId: r.msg_id ?? undefined,
  headers: r.headers,
  data: r.data,
  storedAt: r.stored_at.getTime(),
});

export function createKnexStore(knex: Knex): StreamStore {
  const t = <Name extends keyof BusTables>(name: Name) => busTable(knex, name);
  return {
    async load() {
      const rows = await t('messages')
        .select()
        .orderBy([{ column: 'stream' }, { column: 'seq' }]);
      const floors = new Map<string, number>();
      for (const f of await t('consumers').select()) floors.set(floorKey(f.stream, f.durable), f.ack_floor);
      return { floors, messages: rows.map(storedMessageOf) };
    },
    async readFrom(stream, afterSeq, throughSeq) {
      const rows = await t('messages')
        .where({ stream })
        .andWhere('seq', '>', afterSeq)
        .andWhere('seq', '<=', throughSeq)
        .orderBy('seq');
      return rows.map(storedMessageOf);
    },
    async append(m) {
      await t('messages').insert({
        stream: m.stream,
        seq: m.seq,
        subject: m.subject,
        msg_id: m.msgId ?? null,
        headers: m.headers,
        data: m.data,
        stored_at: new Date(m.storedAt),
      });
    },
    async saveFloor(stream, durable, floor) {
      await t('consumers').insert({ stream, durable, ack_floor: floor }).onConflict(['stream', 'durable']).merge();
    },
    async deleteThrough(stream, seq) {
      await t('messages').where({ stream }).andWhere('seq', '<=', seq).delete();
    },
  };
}
