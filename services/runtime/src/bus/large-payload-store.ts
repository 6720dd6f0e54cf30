/**
 * Where the embedded bus keeps large payloads (`Bus.putLarge`): in memory for unit tests, in the
 * `bus.large_payloads` table in the embedded product, so a hand-over survives a restart as a
 * JetStream Object Store bucket does. Both keep JetStream's limits: a payload leaves after
 * `LARGE_PAYLOADS.maxAgeMs`, and a put that would pass `maxBytes` in all is refused.
 */
import type { Knex } from 'knex';
import { LARGE_PAYLOADS } from '@lp/contracts';
import { BUS_SCHEMA } from './memory-store.ts';
import { BusUnavailableError } from './types.ts';

export interface LargePayloadStore {
  /** Stores (or replaces) the bytes; refuses what would pass the store's total. */
  put(key: string, data: Buffer, now: number): Promise<void>;
  /** Undefined when absent or older than the age limit. */
  get(key: string, now: number): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const full = (size: number) =>
  new BusUnavailableError(`the large payload store is full (${size} bytes more would pass ${LARGE_PAYLOADS.maxBytes})`);

const expired = (storedAt: number, now: number) => now - storedAt > LARGE_PAYLOADS.maxAgeMs;

export function createMemoryLargeStore(): LargePayloadStore {
  const payloads = new Map<string, { data: Buffer; storedAt: number }>();
  const dropExpired = (now: number) => {
    for (const [key, p] of payloads) if (expired(p.storedAt, now)) payloads.delete(key);
  };
  return {
    async put(key, data, now) {
      dropExpired(now);
      let total = data.length;
      for (const [k, p] of payloads) if (k !== key) total += p.data.length;
      if (total > LARGE_PAYLOADS.maxBytes) throw full(data.length);
      payloads.set(key, { data, storedAt: now });
    },
    async get(key, now) {
      const p = payloads.get(key);
      return p && !expired(p.storedAt, now) ? p.data : undefined;
    },
    async delete(key) {
      payloads.delete(key);
    },
  };
}

/**
 * Megabytes of bytea travel as base64 text, decoded by the database: PGlite passes a bytea
 * parameter or column as hex text converted in JavaScript, ten times slower for a 5 MB image.
 */
const fromBase64 = (knex: Knex, data: Buffer) => knex.raw(`decode(?, 'base64')`, [data.toString('base64')]);

export function createKnexLargeStore(knex: Knex): LargePayloadStore {
  const table = () => knex.withSchema(BUS_SCHEMA).table('large_payloads');
  const oldest = (now: number) => new Date(now - LARGE_PAYLOADS.maxAgeMs);
  return {
    async put(key, data, now) {
      await knex.transaction(async (trx) => {
        const t = () => trx.withSchema(BUS_SCHEMA).table('large_payloads');
        await t().where('stored_at', '<', oldest(now)).delete();
        const row = await t().whereNot({ key }).sum({ total: 'size' }).first();
        if (Number(row?.total ?? 0) + data.length > LARGE_PAYLOADS.maxBytes) throw full(data.length);
        await t()
          .insert({ key, data: fromBase64(trx, data), size: data.length, stored_at: new Date(now) })
          .onConflict('key')
          .merge();
      });
    },
    async get(key, now) {
      const row: { data: string } | undefined = await table()
        .where({ key })
        .andWhere('stored_at', '>=', oldest(now))
        .first(knex.raw(`encode(data, 'base64') as data`));
      return row ? Buffer.from(row.data, 'base64') : undefined;
    },
    async delete(key) {
      await table().where({ key }).delete();
    },
  };
}
