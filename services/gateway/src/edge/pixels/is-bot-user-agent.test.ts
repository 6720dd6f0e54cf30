import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isBotUserAgent } from './is-bot-user-agent.ts';

const BOTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
  'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  'Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.6478.126 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
  'Pingdom.com_bot_version_1.4_(http://www.pingdom.com/)',
  'Mozilla/5.0 (compatible; StatusCake)',
  'Datadog Agent/7.50.0',
  'curl/8.5.0',
  'Wget/1.21.4',
  'python-requests/2.31.0',
  'Go-http-client/1.1',
  'axios/1.6.7',
  'node',
  'Scrapy/2.11.0 (+https://scrapy.org)',
  '',
  '   ',
];

const PEOPLE = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.68',
  'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 10; CUBOT_X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
  // in-app and niche real browsers the crawler list took for bots
  'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0_3 like Mac OS X) AppleWebKit/604.1.38 (KHTML, like Gecko) Mobile/15A432 Nebula PSDType(1) AlipayDefined(nt:WIFI,ws:320|504|2.0) AliApp(AP/10.1.5.102407) AlipayClient/10.1.5.102407 Alipay Language/en',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21G93 [FBAN/FBIOS;FBAV/479.1.0.33.109;FBBV/637241220;FBDV/iPhone14,2;FBMD/iPhone;FBSN/iOS;FBSV/17.6.1;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/80]',
  'Mozilla/5.0 (Linux; Android 7.1.2; Neolix X9-JD; Build/N2G47H; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/46.0.2490.92 Mobile Safari/537.36 SogouMSE,SogouMobileBrowser/5.6.3',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 10_0 like Mac OS X) AppleWebKit/602.1.43 (KHTML, like Gecko) AppleNews/607 Version/2.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:102.0) Gecko/20100101 Goanna/6.7 Firefox/102.0 PaleMoon/33.0.0',
  'Opera/9.80 (Linux sh4; U; HbbTV/1.1.1 (; INTEK; VT-100 HD+;;;) hdplusSmartTV/1.0 (NETRANGEMMH;) Bee/3.2 CE-HTML/1.0; en) Presto/2.10.250 Version/11.60',
  'SonyEricssonJ108i/R1x Browser/NetFront/3.5 Profile/MIDP-2.1 Configuration/CLDC-1.1 JavaPlatform/JP-8.5',
  'NetSurf/3.10 (Linux)',
  'Dillo/3.0.5',
  'w3m/0.5.3+git20230121',
  'Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9',
];

type Crawler = { userAgent: string; name: string };
const crawlers = JSON.parse(readFileSync(new URL('./fixtures/crawlers.json', import.meta.url), 'utf8')) as Record<
  'deviceDetector' | 'crawlerUserAgents',
  Crawler[]
>;
type RealBrowser = { userAgent: string; ddType: string; ddClient: string };
const realBrowsers = JSON.parse(
  readFileSync(new URL('./fixtures/device-detector-real-browsers.json', import.meta.url), 'utf8'),
) as RealBrowser[];
type ClientCase = { userAgent: string };
const clients = JSON.parse(
  readFileSync(new URL('./fixtures/device-detector-clients.json', import.meta.url), 'utf8'),
) as { tune: ClientCase[]; heldOut: ClientCase[] };

describe('isBotUserAgent', () => {
  it.each(BOTS)('drops %j', (ua) => expect(isBotUserAgent(ua)).toBe(true));
  it.each(PEOPLE)('keeps %j', (ua) => expect(isBotUserAgent(ua)).toBe(false));
  it('treats a missing user agent as a bot', () => expect(isBotUserAgent(undefined)).toBe(true));
});

describe('isBotUserAgent on the corpora (fixtures/README.md)', () => {
  it.each(['deviceDetector', 'crawlerUserAgents'] as const)('counts no crawler of %s', (list) => {
    expect(crawlers[list].length).toBeGreaterThan(1000);
    const counted = crawlers[list].filter((c) => !isBotUserAgent(c.userAgent));
    expect(counted.map((c) => `${c.name}: ${c.userAgent}`)).toEqual([]);
  });

  it("drops at most 1% of device-detector's real browsers and in-app browsers, every client it names (measured: 6 of 652)", () => {
    expect(realBrowsers.length).toBeGreaterThan(600);
    const dropped = realBrowsers.filter((b) => isBotUserAgent(b.userAgent));
    expect(dropped.length / realBrowsers.length, dropped.map((b) => b.userAgent).join('\n')).toBeLessThanOrEqual(0.01);
  });

  it("drops at most 1% of device-detector's clients sampled for names and devices (measured: 10 of 1,687)", () => {
    const all = [...clients.tune, ...clients.heldOut];
    const dropped = all.filter((c) => isBotUserAgent(c.userAgent));
    expect(dropped.length / all.length, dropped.map((b) => b.userAgent).join('\n')).toBeLessThanOrEqual(0.01);
  });
});
