/**
 * The gateway's copy of the key the mailer signs tracking links with, so it verifies opens and
 * clicks itself: TRACKING_SECRET when configured (the mailer takes it first too; in distributed
 * mode set it on every process or on none), else the key the mailer's migration generated,
 * read from the one shared database on first use and kept for the life of the process (it never
 * changes: mail already sent is signed with it). Embedded and distributed alike, there is one
 * database, so no configuration is needed. Until it can be read (the mailer's schema not yet
 * migrated, the database away) `get` answers undefined and tries again at most every
 * `retryMs`; concurrent callers share one read.
 */
import type { Knex, Logger } from '@lp/runtime';
import { readTrackingSecret } from '../queries/read-tracking-secret.ts';

export type TrackingSecret = { get(): Promise<string | undefined> };

export function createTrackingSecret(
  knex: Knex,
  configured: string | undefined,
  log: Logger,
  opts: { retryMs?: number; now?: () => number } = {},
): TrackingSecret {
  if (configured) return { get: () => Promise.resolve(configured) };
  const retryMs = opts.retryMs ?? 5000;
  const now = opts.now ?? Date.now;
  let secret: string | undefined;
  let reading: Promise<string | undefined> | undefined;
  let failedAt = -Infinity;
  return {
    get() {
      if (secret !== undefined) return Promise.resolve(secret);
      if (reading) return reading;
      if (now() - failedAt < retryMs) return Promise.resolve(undefined);
      reading = readTrackingSecret(knex)
        .then((value) => {
          if (value === undefined) throw new Error('mailer.settings holds no tracking_secret yet');
          secret = value;
          return value;
        })
        .catch((err: unknown) => {
          failedAt = now();
          log.warn({ err }, 'tracking secret not readable yet; tracking links are left to the mailer');
          return undefined;
        })
        .finally(() => (reading = undefined));
      return reading;
    },
  };
}
