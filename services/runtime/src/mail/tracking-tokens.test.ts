import { describe, expect, it } from 'vitest';
import { makeClickToken, makeToken, readClickToken, readToken } from './tracking-tokens.ts';

const SECRET = 'secret-aaaaaaaaaaaaaaaa';

describe('tracking tokens', () => {
  it('reads back a genuine token of its own kind only', () => {
    const t = makeToken(SECRET, 'click', 42, 3);
    expect(readToken(SECRET, 'click', t)).toEqual({ deliveryId: 42, linkIdx: 3 });
    expect(readToken('another-secret-bbbbbbbb', 'click', t)).toBeNull();
    expect(readToken(SECRET, 'click', t.replace('42.3', '43.3'))).toBeNull();
    expect(readToken(SECRET, 'click', t.replace('42.3', '42.4'))).toBeNull();
    const u = makeToken(SECRET, 'unsubscribe', 42);
    expect(readToken(SECRET, 'open', u)).toBeNull();
    expect(readToken(SECRET, 'unsubscribe', u)).toEqual({ deliveryId: 42 });
  });

  it('reads a click token only with the target it was signed for', () => {
    const url = 'https://lakepowelllots.com/lots/12?utm_source=email';
    const t = makeClickToken(SECRET, 42, 3, url);
    expect(readClickToken(SECRET, t, url)).toEqual({ deliveryId: 42, linkIdx: 3 });
    // Another target (an open redirect), another key, other ids: refused.
    expect(readClickToken(SECRET, t, 'https://evil.example/')).toBeNull();
    expect(readClickToken(SECRET, t, `${url}&x=1`)).toBeNull();
    expect(readClickToken('another-secret-bbbbbbbb', t, url)).toBeNull();
    expect(readClickToken(SECRET, t.replace('42.3', '42.4'), url)).toBeNull();
    // A targeted click token is no old-style click token, nor the other way round.
    expect(readToken(SECRET, 'click', t)).toBeNull();
    expect(readClickToken(SECRET, makeToken(SECRET, 'click', 42, 3), url)).toBeNull();
    expect(readClickToken(SECRET, 'x.y.z', url)).toBeNull();
  });
});
