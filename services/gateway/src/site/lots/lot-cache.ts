/**
 * The gateway's copy of the public lots, so the pages rendered per request (home, map, embed,
 * builder package, each lot's page) never wait on the bus. It is dropped when a lot changes:
 * at once by the change this gateway forwarded, and by the `inventory.lot.changed` event, which
 * every gateway process hears through its own fire-and-forget subscription (`listenForLotChanges`;
 * no shared durable, so no replica is left out). A notification missed while the bus was away is
 * covered by `LOT_CACHE_TTL_MS`, the safety net. Concurrent misses share one
 * request; while inventory cannot answer, the last copy is served (and logged). Pages rendered
 * from the copy are kept with it (`renders`), keyed by URL, and dropped with it.
 */
import * as v from 'valibot';
import { LotChangedSchema, SUBJECTS, type PublicLots } from '@lp/contracts';
import type { Bus, Logger, SubscriptionHandle } from '@lp/runtime';

/** How long a copy is trusted without hearing of a change (covers notifications the bus lost). */
export const LOT_CACHE_TTL_MS = 30_000;

export type LotCache = {
  /** The current lots: the copy while fresh, else asked of inventory with `load`. */
  get(load: () => Promise<PublicLots>, log?: Logger): Promise<PublicLots>;
  /** Forgets the copy and every page rendered from it. */
  invalidate(): void;
  /** Pages rendered from the current copy, by URL (cleared with it). */
  renders: Map<string, unknown>;
};

export function createLotCache(opts: { ttlMs?: number; now?: () => number } = {}): LotCache {
  const ttl = opts.ttlMs ?? LOT_CACHE_TTL_MS;
  const now = opts.now ?? Date.now;
  let copy: { lots: PublicLots; at: number } | undefined;
  let loading: Promise<PublicLots> | undefined;
  let generation = 0;
  const renders = new Map<string, unknown>();

  const cache: LotCache = {
    renders,
    invalidate() {
      generation++;
      copy = undefined;
      loading = undefined;
      renders.clear();
    },
    async get(load, log) {
      if (copy && now() - copy.at < ttl) return copy.lots;
      if (!loading) {
        const started = generation;
        const stale = copy;
        loading = load()
          .then((lots) => {
            // A change that arrived while loading wins: this answer may predate it.
            if (started === generation) {
              if (!copy || JSON.stringify(copy.lots) !== JSON.stringify(lots)) renders.clear();
              copy = { lots, at: now() };
            }
            return lots;
          })
          .catch((err: unknown) => {
            if (!stale) throw err;
            log?.warn({ err }, 'inventory unavailable: serving the last copy of the lots');
            return stale.lots;
          })
          .finally(() => {
            if (started === generation) loading = undefined;
          });
      }
      return loading;
    },
  };
  return cache;
}

/**
 * This process's subscription to lot changes: each one drops the copy so the next page load shows
 * it. Every gateway replica subscribes on its own, so every replica drops its copy.
 */
export function listenForLotChanges(bus: Bus, cache: LotCache, log: Logger): Promise<SubscriptionHandle> {
  return bus.subscribe(SUBJECTS.lotChanged, (payload) => {
    cache.invalidate();
    const event = v.safeParse(LotChangedSchema, payload);
    if (event.success) log.debug({ lot: event.output.lot.number }, 'lot cache dropped');
    else log.warn({ issues: v.flatten(event.issues) }, 'lot cache dropped on a malformed lot-changed event');
  });
}
