/**
 * The browser and device type of a page view, read on the server from the request's User-Agent
 * by a maintained parser (`ua-parser-js`, MIT 1.x line) instead of the tracker's own guesses, which
 * named Edge and Opera "Chrome", iOS Firefox and Chrome "Safari", and Android tablets phones.
 * Names are the browser family people know: "Mobile Safari" is Safari, "Chrome WebView" and
 * "Chrome Headless" are Chrome, "Mobile Firefox" is Firefox; in-app browsers keep their app's name
 * (Facebook, Instagram, GSA for the Google app). Remembered per user agent (a bounded map): a
 * site's visitors share a few hundred.
 */
import { UAParser } from 'ua-parser-js';
import type { DeviceType } from '@lp/contracts';

export type Client = { browser: string | null; deviceType: DeviceType };

const FAMILY: Record<string, string> = {
  'Mobile Safari': 'Safari',
  'Chrome WebView': 'Chrome',
  'Chrome Headless': 'Chrome',
  'Mobile Chrome': 'Chrome',
  'Mobile Firefox': 'Firefox',
  IE: 'Internet Explorer',
  IEMobile: 'Internet Explorer',
  'Edge WebView': 'Edge',
  'Opera Mobi': 'Opera',
  'Opera Tablet': 'Opera',
  brave: 'Brave',
};

const CACHE_MAX = 5000;
const clients = new Map<string, Client>();

function deviceTypeOf(type: string | undefined, userAgent: string): DeviceType {
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type === undefined && /Android/i.test(userAgent)) return /Mobile/i.test(userAgent) ? 'mobile' : 'tablet';
  return 'desktop';
}

export function clientOfUserAgent(userAgent: string): Client {
  let client = clients.get(userAgent);
  if (!client) {
    const { browser, device } = new UAParser(userAgent).getResult();
    const name = browser.name ? (FAMILY[browser.name] ?? browser.name) : null;
    client = { browser: name?.slice(0, 50) ?? null, deviceType: deviceTypeOf(device.type, userAgent) };
    if (clients.size >= CACHE_MAX) clients.clear();
    clients.set(userAgent, client);
  }
  return client;
}
