/** Browsers and devices named from real user agents (fixtures/README.md), with the figure measured on the corpus. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clientOfUserAgent } from './client-of-user-agent.ts';

type Case = { userAgent: string; uapFamily: string; browser: string };
const corpus = JSON.parse(
  readFileSync(new URL('./fixtures/uap-core-browsers.json', import.meta.url), 'utf8'),
) as Case[];

describe('clientOfUserAgent', () => {
  it('names the browsers the tracker named wrong: Edge, Opera, Firefox and Chrome on iOS, Samsung Internet', () => {
    const named = (ua: string) => clientOfUserAgent(ua).browser;
    expect(
      named(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      ),
    ).toBe('Edge');
    expect(
      named(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      ),
    ).toBe('Opera');
    expect(
      named(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
      ),
    ).toBe('Firefox');
    expect(
      named(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome');
    expect(
      named(
        'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Samsung Internet');
    expect(
      named(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari');
  });

  it('tells phones from tablets: Android without "Mobile" is a tablet, an iPad a tablet, a phone a phone', () => {
    const device = (ua: string) => clientOfUserAgent(ua).deviceType;
    expect(
      device(
        'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('mobile');
    expect(
      device(
        'Mozilla/5.0 (Linux; Android 13; 23043RP34G) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      ),
    ).toBe('tablet');
    expect(
      device(
        'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('tablet');
    expect(
      device(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('desktop');
  });

  it("names at least 89% of uap-core's real browser user agents as people know them (the hand-written tracker: 33%)", () => {
    const right = corpus.filter((c) => clientOfUserAgent(c.userAgent).browser === c.browser).length;
    expect(corpus).toHaveLength(176);
    expect(right / corpus.length).toBeGreaterThanOrEqual(0.89);
  });
});
