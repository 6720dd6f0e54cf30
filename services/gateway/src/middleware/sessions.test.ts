import { describe, expect, it } from 'vitest';
import { isSameOriginRequest } from './sessions.ts';

const own = 'https://lots.example';
const check = (h: Partial<{ origin: string; secFetchSite: string; referer: string }>, self = own) =>
  isSameOriginRequest({ origin: '', secFetchSite: '', referer: '', ...h }, self);

describe('cookie-authenticated writes: same-origin proof', () => {
  it("accepts the dashboard's own requests", () => {
    expect(check({ origin: 'https://lots.example' })).toBe(true);
    expect(check({ origin: 'https://lots.example:443' })).toBe(true);
    expect(check({ secFetchSite: 'same-origin' })).toBe(true);
    expect(check({ referer: 'https://lots.example/marketing/blog' })).toBe(true);
    expect(check({ origin: 'http://localhost:3000' }, 'http://localhost:3000')).toBe(true);
  });

  it('refuses a foreign origin, another scheme or port, and an opaque origin', () => {
    expect(check({ origin: 'https://evil.example' })).toBe(false);
    expect(check({ origin: 'http://lots.example' })).toBe(false);
    expect(check({ origin: 'https://lots.example:8443' })).toBe(false);
    expect(check({ origin: 'null' })).toBe(false);
    expect(check({ origin: 'not a url' })).toBe(false);
    // A same-origin Referer does not rescue a foreign Origin.
    expect(check({ origin: 'https://evil.example', referer: 'https://lots.example/' })).toBe(false);
  });

  it('refuses a foreign Referer, a cross-site fetch, and a request with no proof at all', () => {
    expect(check({ referer: 'https://evil.example/page' })).toBe(false);
    expect(check({ referer: 'http://lots.example/marketing' })).toBe(false);
    expect(check({ secFetchSite: 'cross-site', referer: 'https://lots.example/' })).toBe(false);
    expect(check({ secFetchSite: 'same-site' })).toBe(false);
    expect(check({})).toBe(false);
  });
});
