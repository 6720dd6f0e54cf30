/** Test doubles of the API: a JSON answer, and `fetch` stubbed with a table of routes. */
import { vi } from 'vitest';

/** A JSON response (200 unless told), with any further headers (X-Total-Count, Link). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The API's answer to a path it does not know. */
export const notFound = () => json({ error: { code: 'not_found', message: 'Not found' } }, 404);

export type ApiCall = { url: string; method: string; body: unknown };
export type ApiRoutes = Record<string, (call: ApiCall) => Response | Promise<Response>>;

/**
 * Stubs `fetch`: each call is recorded in `calls` (its JSON body parsed) and answered by the
 * route `"METHOD url"` of `routes()` (read at each call, so a test may replace the table), else 404.
 */
export function stubRoutedFetch(routes: () => ApiRoutes, calls: ApiCall[]) {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call = {
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const handler = routes()[`${call.method} ${url}`];
    return handler ? handler(call) : notFound();
  });
}
