/**
 * GET /api/lots: every lot as visitors see it. Pages rendered by the gateway pass the lots they
 * were rendered with (`initial`), which are current, so nothing is fetched; after a client-side
 * navigation from a page without them, the lots are fetched once per page load (no SWR: it
 * stays out of the public pages' JavaScript).
 */
import { useEffect, useState } from 'react';
import type { PublicLot, PublicLots } from '@lp/contracts';
import { apiRequest } from './api-request';

let fetched: Promise<PublicLot[]> | undefined;

/** `failed`: the server rendered the page without lots (inventory away): show that, fetch nothing. */
export function useLots(initial?: PublicLot[], failed = false): { lots: PublicLot[] | undefined; error: boolean } {
  const [lots, setLots] = useState<PublicLot[] | undefined>(initial);
  const [error, setError] = useState(failed);
  useEffect(() => {
    if (initial || failed) return;
    let live = true;
    fetched ??= apiRequest<PublicLots>('GET', '/api/lots').then((r) => r.lots);
    fetched.then(
      (l) => live && setLots(l),
      () => {
        fetched = undefined;
        if (live) setError(true);
      },
    );
    return () => {
      live = false;
    };
  }, [initial, failed]);
  return { lots: initial ?? lots, error };
}
