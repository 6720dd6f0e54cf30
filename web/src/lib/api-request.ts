/**
 * The one request helper of the app (public site spec §7): every product request, public or
 * staff, goes through `apiRequest`, and SWR's default fetcher is built by `getQueryFn`.
 * Errors carry the message `STATUS: body` (or the status text when the body is empty), are
 * logged to the console and rethrown. The bearer token lives in memory only.
 */
import type { ErrorEnvelope } from '@lp/contracts';

let bearerToken: string | null = null;

/** Sets (or clears with null) the bearer token sent on every request. Never persisted. */
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

/** A non-OK response. `envelope` is the parsed `{ error }` body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  readonly envelope: ErrorEnvelope | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.envelope = parseEnvelope(body);
  }
}

function parseEnvelope(body: string): ErrorEnvelope | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) return parsed as ErrorEnvelope;
  } catch {
    // Not JSON: the message already carries the text.
  }
  return null;
}

/**
 * Relative paths get one leading slash; absolute URLs (with a scheme) pass through. A run of
 * leading slashes, backslashes or blanks collapses to one slash: `//host/x` (or `/\host`,
 * which browsers read the same) would otherwise send the cookie and bearer to another host.
 */
export function normalizeUrl(url: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(url)) return url;
  return `/${url.replace(/^[\s/\\]+/, '')}`;
}

function authHeaders(): Record<string, string> {
  return bearerToken ? { Authorization: `Bearer ${bearerToken}` } : {};
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || '';
  throw new ApiError(res.status, res.statusText, text);
}

/** 204, or no content type: nothing to parse. text/plain: text. Anything else: JSON. */
async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type');
  if (res.status === 204 || !type) return null;
  // Plain text and CSV (an export) as text; anything else is JSON.
  if (type.includes('text/plain') || type.includes('text/csv')) return res.text();
  return res.json();
}

type RequestOptions = {
  /** A raw body (FormData, Blob, string) sent as is instead of a JSON data object. */
  body?: BodyInit;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

/** Sends one request; resolves to the parsed body, rejects with an `ApiError`. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...authHeaders(), ...options.headers };
  let body: BodyInit | undefined = options.body;
  if (body === undefined && data !== undefined) {
    if (data instanceof FormData) body = data;
    else {
      // A caller's own content type (e.g. application/merge-patch+json) wins over the default.
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
      body = JSON.stringify(data);
    }
  }
  try {
    const res = await fetch(normalizeUrl(url), {
      method,
      headers,
      body,
      credentials: 'include',
      mode: 'cors',
      signal: options.signal,
    });
    await throwIfNotOk(res);
    return (await readBody(res)) as T;
  } catch (error) {
    console.error(`${method} ${url} failed:`, error);
    throw error;
  }
}

/** A GET whose answer's headers matter too (paging: `X-Total-Count`, `Link`). Errors as `apiRequest`'s. */
export async function apiGetWithHeaders<T = unknown>(url: string): Promise<{ data: T; headers: Headers }> {
  try {
    const res = await fetch(normalizeUrl(url), { credentials: 'include', mode: 'cors', headers: authHeaders() });
    await throwIfNotOk(res);
    return { data: (await readBody(res)) as T, headers: res.headers };
  } catch (error) {
    console.error(`GET ${url} failed:`, error);
    throw error;
  }
}

/**
 * A GET whose 404 means "not there yet" (the progress of an operation a poll may ask about
 * before the server started it): null then, without logging; other failures as `apiRequest`.
 */
export async function apiGetOrNull<T = unknown>(url: string): Promise<T | null> {
  const res = await fetch(normalizeUrl(url), { headers: authHeaders(), credentials: 'include', mode: 'cors' });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return (await readBody(res)) as T;
}

/**
 * A multipart upload with progress (fetch reports none): `onProgress` gets the percent sent.
 * Resolves to the parsed JSON answer; rejects with an `ApiError` as `apiRequest` does.
 */
export function uploadWithProgress<T = unknown>(
  url: string,
  body: FormData,
  onProgress: (percent: number) => void,
  headers: Record<string, string> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', normalizeUrl(url));
    xhr.withCredentials = true;
    for (const [k, val] of Object.entries({ ...authHeaders(), ...headers })) xhr.setRequestHeader(k, val);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
        } catch (error) {
          reject(error);
        }
      } else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error', ''));
    xhr.send(body);
  });
}

export type QueryKey = string | readonly [string, ...unknown[]];

/** The URL the default fetcher GETs for a key: its first element. */
function queryUrlOf(key: QueryKey): string {
  return normalizeUrl(String(typeof key === 'string' ? key : key[0]));
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default SWR fetcher: GET the key's first element, null on 204/no content type. */
export function getQueryFn({ on401 }: { on401: UnauthorizedBehavior }) {
  return async function fetcher<T = unknown>(key: QueryKey): Promise<T | null> {
    try {
      const res = await fetch(queryUrlOf(key), { credentials: 'include', mode: 'cors', headers: authHeaders() });
      if (on401 === 'returnNull' && res.status === 401) return null;
      await throwIfNotOk(res);
      return (await readBody(res)) as T | null;
    } catch (error) {
      console.error(`GET ${queryUrlOf(key)} failed:`, error);
      throw error;
    }
  };
}
