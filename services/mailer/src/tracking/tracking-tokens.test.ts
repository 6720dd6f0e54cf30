import { describe, expect, it } from 'vitest';
import { isProxyOpen } from './is-proxy-open.ts';
import { makeToken, readToken } from './tracking-tokens.ts';

describe('tracking tokens', () => {
  it('reads back a genuine token of its own kind only', () => {
    const t = makeToken('secret-aaaaaaaaaaaaaaaa', 'click', 42, 3);
    expect(readToken('secret-aaaaaaaaaaaaaaaa', 'click', t)).toEqual({ deliveryId: 42, linkIdx: 3 });
    expect(readToken('another-secret-bbbbbbbb', 'click', t)).toBeNull();
    expect(readToken('secret-aaaaaaaaaaaaaaaa', 'click', t.replace('42.3', '43.3'))).toBeNull();
    expect(readToken('secret-aaaaaaaaaaaaaaaa', 'click', t.replace('42.3', '42.4'))).toBeNull();
    const u = makeToken('secret-aaaaaaaaaaaaaaaa', 'unsubscribe', 42);
    expect(readToken('secret-aaaaaaaaaaaaaaaa', 'open', u)).toBeNull();
    expect(readToken('secret-aaaaaaaaaaaaaaaa', 'unsubscribe', u)).toEqual({ deliveryId: 42 });
  });

  it('flags privacy-proxy opens', () => {
    expect(isProxyOpen('Mozilla/5.0')).toBe(true);
    expect(isProxyOpen('YahooMailProxy; https://help.yahoo.com')).toBe(true);
    expect(isProxyOpen('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130 Safari/537.36')).toBe(false);
  });
});
