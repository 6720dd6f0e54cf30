/**
 * Liveness and readiness for every process: `/healthz` answers while the process runs,
 * `/readyz` only while the bus and the database answer; `/metrics` prints the metrics (on
 * internal ports only: a public port mounts the router without it).
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Bus } from '../bus/types.ts';
import type { Counters } from '../metrics.ts';

export type ReadinessDeps = { bus: Bus; knex: Knex; counters: Counters };

export async function checkReadiness(deps: Pick<ReadinessDeps, 'bus' | 'knex'>) {
  const check = async (fn: () => Promise<unknown>) => {
    try {
      await Promise.race([
        fn(),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref()),
      ]);
      return 'ok' as const;
    } catch {
      return 'unreachable' as const;
    }
  };
  const [bus, database] = await Promise.all([check(() => deps.bus.ping()), check(() => deps.knex.raw('select 1'))]);
  return { ready: bus === 'ok' && database === 'ok', checks: { bus, database } };
}

/** `metrics: false` leaves `/metrics` out (a public port). */
export function healthRouter(deps: ReadinessDeps, { metrics = true } = {}): Router {
  const router = new Router();
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const r = await checkReadiness(deps);
    ctx.status = r.ready ? 200 : 503;
    ctx.body = { status: r.ready ? 'ready' : 'not_ready', checks: r.checks };
  });
  if (metrics)
    router.get('/metrics', async (ctx) => {
      ctx.body = await deps.counters.toPrometheus();
      ctx.type = deps.counters.contentType;
    });
  return router;
}

export function mountHealth(app: Koa, deps: ReadinessDeps): void {
  const r = healthRouter(deps);
  app.use(r.routes()).use(r.allowedMethods());
}
