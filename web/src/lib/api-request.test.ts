import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn, normalizeUrl, setBearerToken } from './api-request';

type FetchArgs = [string, RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function respond(body: string | null, init: ResponseInit & { type?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.type) headers.set('content-type', init.type);
  fetchMock.mockResolvedValueOnce(
    new Response(body, { status: init.status ?? 200, statusText: init.statusText, headers }),
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockReset();
  setBearerToken(null);
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('adds a leading slash to relative paths and leaves absolute URLs alone', () => {
    expect(normalizeUrl('api/contact')).toBe('/api/contact');
    expect(normalizeUrl('/api/contact')).toBe('/api/contact');
    expect(normalizeUrl('https://example.com/x')).toBe('https://example.com/x');
  });

  it('never lets a scheme-less URL reach another host (protocol-relative, backslash, blanks)', async () => {
    for (const url of [
      '//evil.example/x',
      '///evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      '/\t/evil.example/x',
    ])
      expect(normalizeUrl(url)).toBe('/evil.example/x');
    for (const url of ['//evil.example/x', '/\\evil.example/x'])
      expect(new URL(normalizeUrl(url), 'https://lots.example').host).toBe('lots.example');
    setBearerToken('t0k');
    respond('{}', { type: 'application/json' });
    await apiRequest('GET', '//evil.example/api/x');
    expect(fetchMock.mock.calls[0]![0]).toBe('/evil.example/api/x');
  });

  it("keeps a caller's own Content-Type for a JSON data object, in any letter case", async () => {
    respond('{}', { type: 'application/json' });
    respond('{}', { type: 'application/json' });
    await apiRequest('PATCH', '/api/x', { a: 1 }, { headers: { 'Content-Type': 'application/merge-patch+json' } });
    await apiRequest('PATCH', '/api/x', { a: 1 }, { headers: { 'content-type': 'application/merge-patch+json' } });
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({ 'Content-Type': 'application/merge-patch+json' });
    expect(fetchMock.mock.calls[1]![1].headers).toEqual({ 'content-type': 'application/merge-patch+json' });
    expect(fetchMock.mock.calls[1]![1].body).toBe('{"a":1}');
  });

  it('sends a data object as JSON with credentials and cors mode', async () => {
    respond('{"id":1}', { status: 201, type: 'application/json' });
    await expect(apiRequest('POST', 'api/contact', { a: 1 })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/contact');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}', credentials: 'include', mode: 'cors' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends FormData as is, without a JSON content type', async () => {
    respond(null, { status: 204 });
    const form = new FormData();
    form.set('file', 'x');
    await expect(apiRequest('POST', '/api/upload', form)).resolves.toBeNull();
    const init = fetchMock.mock.calls[0]![1];
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({});
  });

  it('adds the bearer header only when a token is set, and merges extra headers', async () => {
    respond('{}', { type: 'application/json' });
    respond('{}', { type: 'application/json' });
    await apiRequest('GET', '/api/x');
    setBearerToken('t0k');
    await apiRequest('GET', '/api/x', undefined, { headers: { 'Idempotency-Key': 'k' } });
    expect(fetchMock.mock.calls[0]![1].headers).toEqual({});
    expect(fetchMock.mock.calls[1]![1].headers).toEqual({ Authorization: 'Bearer t0k', 'Idempotency-Key': 'k' });
  });

  it('returns text/plain responses as text', async () => {
    respond('pong', { type: 'text/plain; charset=utf-8' });
    await expect(apiRequest('GET', '/ping')).resolves.toBe('pong');
  });

  it('raises "STATUS: body", logs it and keeps the error envelope', async () => {
    const body =
      '{"error":{"message":"Invalid","code":"validation_failed","details":{"fields":{"email":["Valid email is required"]}}}}';
    respond(body, { status: 400, statusText: 'Bad Request', type: 'application/json' });
    const error = await apiRequest('POST', '/api/contact', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).envelope?.error.details?.fields?.email).toEqual(['Valid email is required']);
    expect(console.error).toHaveBeenCalled();
  });

  it('uses the status text when the error body is empty', async () => {
    respond('', { status: 503, statusText: 'Service Unavailable' });
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn (default SWR fetcher)', () => {
  it('GETs the first key element with credentials, cors mode and the bearer header', async () => {
    setBearerToken('abc');
    respond('[1]', { type: 'application/json' });
    await expect(getQueryFn({ on401: 'throw' })(['/api/marketing/stats', 'ignored'])).resolves.toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/marketing/stats');
    expect(init).toMatchObject({ credentials: 'include', mode: 'cors', headers: { Authorization: 'Bearer abc' } });
  });

  it('returns null on 204 and when there is no content type', async () => {
    respond(null, { status: 204 });
    const fetcher = getQueryFn({ on401: 'throw' });
    await expect(fetcher('/a')).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([123, 125]), { status: 200 }));
    await expect(fetcher('/b')).resolves.toBeNull();
  });

  it('returns null on 401 when configured, throws otherwise', async () => {
    respond('{"error":{}}', { status: 401, statusText: 'Unauthorized', type: 'application/json' });
    await expect(getQueryFn({ on401: 'returnNull' })('/api/marketing/auth/session')).resolves.toBeNull();
    respond('nope', { status: 401, statusText: 'Unauthorized', type: 'text/plain' });
    await expect(getQueryFn({ on401: 'throw' })('/api/marketing/stats')).rejects.toThrow('401: nope');
  });
});
