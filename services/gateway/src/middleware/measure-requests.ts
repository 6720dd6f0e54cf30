/**
 * Request latency for `http_request_duration_seconds`: one observation per request, labelled
 * by method, the route pattern the router matched (`/api/blog/articles/:slug`, never the raw
 * URL, so the label set stays bounded) and the status class. Requests no router matched (the
 * web app's files and pages) share the route label `unmatched`. First in the chain, so the
 * status is the one the error handler settled on.
 */
import type { Middleware } from 'koa';
import type { Counters } from '@lp/runtime';

const UNMATCHED_ROUTE = 'unmatched';

type Routed = { _matchedRoute?: string | RegExp };

export function measureRequests(counters: Counters): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    // An error that escaped every handler becomes Koa's 500.
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } finally {
      const matched = (ctx as unknown as Routed)._matchedRoute;
      const route = matched === undefined ? UNMATCHED_ROUTE : String(matched);
      counters.observe(
        'http_request_duration_seconds',
        { method: ctx.method, route, status_class: `${Math.floor(status / 100)}xx` },
        (performance.now() - started) / 1000,
      );
    }
  };
}
