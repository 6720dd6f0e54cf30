/**
 * Bot detection for pixel hits, by user agent only: search and SEO crawlers, link previewers,
 * headless and automated browsers, uptime monitors and scripted HTTP clients. A compact list
 * of the common ones (in the spirit of `isbot`), not an exhaustive database; a missing user
 * agent counts as a bot, since every real browser sends one.
 */

const BOT_PATTERN = new RegExp(
  [
    // "…bot" as a word ending: Googlebot/2.1, bingbot, AhrefsBot; not the CUBOT phone brand
    '(?<!cu)bot(?![a-z])',
    'crawl',
    'spider',
    'slurp',
    'scrap',
    'archiver',
    'mediapartners',
    'facebookexternalhit',
    'bingpreview',
    'skypeuripreview',
    'whatsapp',
    'embedly',
    // headless and automated browsers, audits
    'headless',
    'phantomjs',
    'selenium',
    'webdriver',
    'puppeteer',
    'playwright',
    'lighthouse',
    'pagespeed',
    'gtmetrix',
    // uptime and performance monitors
    'pingdom',
    'uptime',
    'statuscake',
    'site24x7',
    'newrelic',
    'datadog',
    'checkly',
    'monitor',
    // scripted clients
    '^curl/',
    '^wget',
    'python-',
    'aiohttp',
    'httpx',
    'go-http-client',
    '^java/',
    'okhttp',
    'apache-httpclient',
    'libwww',
    'axios/',
    'node-fetch',
    'undici',
    '^node$',
  ].join('|'),
  'i',
);

export function isBotUserAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || BOT_PATTERN.test(ua);
}
