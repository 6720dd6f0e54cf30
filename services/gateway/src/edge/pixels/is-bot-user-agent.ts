/**
 * Bot detection for pixel hits, by user agent: the `isbot` package (a maintained list of
 * crawlers, previewers, monitors, scripted clients; headless browsers included), plus an
 * explicit headless/automation check so those stay dropped whatever the list does, and a
 * missing user agent, since every real browser sends one. Verdicts are remembered per user
 * agent (a bounded map): the list is one large regular expression (about 9 µs a test), and
 * a site's visitors share a few hundred user agents.
 */
import { isbot } from 'isbot';

const AUTOMATION = /headless|phantomjs|selenium|webdriver|puppeteer|playwright|lighthouse/i;
const CACHE_MAX = 5000;
const verdicts = new Map<string, boolean>();

export function isBotUserAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return true;
  let bot = verdicts.get(ua);
  if (bot === undefined) {
    bot = AUTOMATION.test(ua) || isbot(ua);
    if (verdicts.size >= CACHE_MAX) verdicts.clear();
    verdicts.set(ua, bot);
  }
  return bot;
}
