/**
 * Bot detection for pixel hits, by user agent: the `isbot` package (a maintained list of
 * crawlers, previewers, monitors, scripted clients; headless browsers included), plus an
 * explicit headless/automation check so those stay dropped whatever the list does, and a
 * missing user agent, since every real browser sends one.
 */
import { isbot } from 'isbot';

const AUTOMATION = /headless|phantomjs|selenium|webdriver|puppeteer|playwright|lighthouse/i;

export function isBotUserAgent(userAgent: string | undefined): boolean {
  const ua = userAgent?.trim() ?? '';
  return ua === '' || AUTOMATION.test(ua) || isbot(ua);
}
