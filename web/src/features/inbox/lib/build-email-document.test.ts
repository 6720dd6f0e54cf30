/** The email frame's document: no script, no fetch, remote images only once the reader asks. */
import { describe, expect, it } from 'vitest';
import { buildEmailDocument } from './build-email-document';

const cspOf = (doc: string) => /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(doc)?.[1] ?? '';

describe('buildEmailDocument', () => {
  it('allows no script and only data: images by default', () => {
    const csp = cspOf(buildEmailDocument('<p>Hi</p>', false));
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src data:;');
    expect(csp).not.toMatch(/script-src|connect-src|https:/);
  });

  it('allows remote images after "Show images", and still no script', () => {
    const csp = cspOf(buildEmailDocument('<p>Hi</p>', true));
    expect(csp).toContain('img-src data: https: http:;');
    expect(csp).not.toMatch(/script-src|connect-src/);
  });

  it('puts the body after the policy, so nothing in it can come first', () => {
    const doc = buildEmailDocument('<meta http-equiv="refresh" content="0">', false);
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('refresh'));
  });
});
