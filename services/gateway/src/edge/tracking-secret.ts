/**
 * The gateway's copy of the key the mailer signs tracking links with, so it verifies opens and
 * clicks itself. Why a copy: a click must be answered with its 302 while the mailer is away, and
 * also after the gateway itself restarted meanwhile, and each service owns its schema (the
 * gateway never reads `mailer.*`), so the gateway keeps the key in its own `gateway.settings`
 * and in memory.
 *
 * Where the key comes from, in order: TRACKING_SECRET when configured (the mailer takes it first
 * too; in distributed mode set it on every process or on none), else the gateway's stored copy,
 * else the mailer over the bus (`RPC.mailer.trackingKey`, internal), whose answer is stored and
 * kept. The key never changes (mail already sent is signed with it), so once known it is never
 * asked again. `start` asks in the background at boot and never delays readiness; it retries
 * with an exponential back-off until it has the key (and has stored it). Until then `get`
 * answers undefined and tracking links go to the mailer as before. The key is a secret: nothing
 * here logs it.
 */
import { RPC } from '@lp/contracts';
import { callRpc, type Bus, type Knex, type Logger } from '@lp/runtime';
import { readSetting, writeSetting } from '../queries/settings.ts';

/** What the routes read: the key, or undefined while the gateway has none yet. */
export type TrackingKey = { get(): Promise<string | undefined> };

export type TrackingSecret = TrackingKey & {
  /** Starts learning the key in the background; returns at once. */
  start(): void;
  /** Ends the retries (an attempt in flight finishes first). */
  stop(): Promise<void>;
};

/** Where the key is kept and whom to ask for it (fakes in the unit test). */
export type TrackingKeySource = {
  readStored(): Promise<string | undefined>;
  store(key: string): Promise<void>;
  askMailer(): Promise<string>;
};

export type BackOff = { firstMs?: number; maxMs?: number };

const SETTING = 'tracking_key';

/** The source on the gateway's own table and the bus. */
export function trackingKeySource(knex: Knex, bus: Bus, log: Logger): TrackingKeySource {
  return {
    readStored: () => readSetting(knex, SETTING),
    store: (key) => writeSetting(knex, SETTING, key),
    // Short: an attempt in flight holds up shutdown.
    askMailer: async () => (await callRpc(bus, RPC.mailer.trackingKey, {}, { log, timeoutMs: 3000 })).key,
  };
}

export function createTrackingSecret(
  configured: string | undefined,
  source: TrackingKeySource,
  log: Logger,
  backOff: BackOff = {},
): TrackingSecret {
  if (configured) return { get: () => Promise.resolve(configured), start() {}, stop: () => Promise.resolve() };
  const firstMs = backOff.firstMs ?? 500;
  const maxMs = backOff.maxMs ?? 30_000;
  let key: string | undefined;
  let unsaved = false;
  let stopped = false;
  let firstRead: Promise<unknown> | undefined;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  /** Resolves true after `ms`, false at once when stopped. */
  const pause = (ms: number) =>
    new Promise<boolean>((resolve) => {
      wake = () => resolve(false);
      timer = setTimeout(() => resolve(true), ms);
      timer.unref();
    });

  const learn = async (first: Promise<string | undefined>) => {
    let read: Promise<string | undefined> | undefined = first;
    for (let delay = firstMs; !stopped; delay = Math.min(delay * 2, maxMs)) {
      try {
        if (key === undefined) {
          const stored = await (read ?? source.readStored());
          read = undefined;
          if (stored !== undefined) {
            key = stored;
            log.info('tracking key read from the gateway settings');
            return;
          }
          key = await source.askMailer();
          unsaved = true;
          log.info('tracking key received from the mailer');
        }
        if (unsaved) {
          await source.store(key);
          unsaved = false;
          log.info('tracking key stored in the gateway settings');
        }
        return;
      } catch (err) {
        read = undefined;
        log.warn(
          { err, retryInMs: delay },
          key === undefined
            ? 'tracking key not known yet; tracking links go to the mailer meanwhile'
            : 'tracking key not stored yet; it is used meanwhile',
        );
        if (!(await pause(delay))) return;
      }
    }
  };

  return {
    async get() {
      // Just after boot, the stored copy is a local read away: wait for it rather than send a
      // click to the mailer, which may be away. The mailer's answer is never waited for.
      if (key === undefined && firstRead) await firstRead;
      return key;
    },
    start() {
      if (running || stopped) return;
      const first = source.readStored();
      firstRead = first.catch(() => undefined);
      running = learn(first);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await running;
    },
  };
}
