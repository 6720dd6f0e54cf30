import { describe, expect, it } from 'vitest';
import { isProxyOpen } from './is-proxy-open.ts';

describe('isProxyOpen', () => {
  it('flags privacy-proxy opens', () => {
    expect(isProxyOpen('Mozilla/5.0')).toBe(true);
    expect(isProxyOpen('YahooMailProxy; https://help.yahoo.com')).toBe(true);
    expect(isProxyOpen('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130 Safari/537.36')).toBe(false);
  });
});
