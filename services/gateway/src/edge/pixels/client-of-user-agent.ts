/**
 * The browser, operating system and device type of a page view, read on the server from the
 * request's User-Agent by a maintained parser (`ua-parser-js`, MIT 1.x line; 2.x is AGPL) and,
 * where Chromium sends them on its own, the low-entropy client hints (`Sec-CH-UA`,
 * `Sec-CH-UA-Mobile`, `Sec-CH-UA-Platform`), which name Edge, Opera, Brave or Yandex even when
 * the user agent is frozen or reduced. The parser's names are turned into the ones people know,
 * by rules that hold for whole families (fixtures/README.md has the corpus they were measured on):
 *
 * - browsers: "Mobile Safari" is Safari, "Chrome WebView" and Android's stock browser when it is a
 *   Chromium web view (a `Chrome/` token) are Chrome, Firefox's pre-release code names are
 *   Firefox; in-app browsers keep their app's name (Facebook, Instagram, GSA for the Google app);
 * - operating systems: Windows, macOS, iOS (iPhone and iPad alike: an iPad's Safari says
 *   "Macintosh" since iPadOS 13, so iPadOS cannot be told apart and is not a name here), Android,
 *   Linux (every distribution), Chrome OS, and the parser's name for the rest (Windows Phone,
 *   HarmonyOS, KaiOS, Tizen, …);
 * - device types: a TV, console or car is `desktop` (a big, fixed screen; the three types are the
 *   handheld ones and the rest), and so is a Chromebook, Pixelbook or x86 Android; what a browser
 *   or platform says of its device next (Puffin's …IT/…AT tablets and …IP/…AP phones; an iPad, a
 *   Kindle, Amazon's Silk; Opera Mini and Mobile, Symbian, Java ME, Maemo, MeeGo, Palm's webOS
 *   phones; Internet Explorer's "Touch" on Windows a tablet); then the parser's device (its model
 *   data); an Android model named like a tablet
 *   (…Tab…, …Pad…, MID, Yandex's `apad` build) is `tablet`; otherwise Android with "Mobile" is a
 *   phone and without it a tablet, as Android browsers mark them; a watch is `mobile`.
 *
 * Remembered per user agent and hints (a bounded map): a site's visitors share a few hundred.
 */
import { UAParser } from 'ua-parser-js';
import type { DeviceType } from '@lp/contracts';

export type Client = { browser: string | null; os: string | null; deviceType: DeviceType };

/** The low-entropy client hints as the request carried them (header values, unparsed). */
export type ClientHints = { ua?: string; mobile?: string; platform?: string };

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
  UCBrowser: 'UC Browser',
  QQBrowser: 'QQ Browser',
  QQBrowserLite: 'QQ Browser',
  PaleMoon: 'Pale Moon',
  'Samsung Browser': 'Samsung Internet',
};

const OS_NAME: Record<string, string> = {
  'Mac OS': 'macOS',
  macOS: 'macOS',
  'Chromium OS': 'Chrome OS',
  'Chrome OS': 'Chrome OS',
  Windows: 'Windows',
  iOS: 'iOS',
  Android: 'Android',
  'Android-x86': 'Android',
  'Windows Phone OS': 'Windows Phone',
  'Windows Mobile': 'Windows Phone',
  Linux: 'Linux',
};
const LINUX_DISTRIBUTION =
  /^(Ubuntu|Debian|Fedora|Mint|Arch|Gentoo|Slackware|SUSE|openSUSE|Mandriva|Kubuntu|Xubuntu|Linpus|CentOS|RedHat|Red Hat|PCLinuxOS|Mageia|Manjaro|elementary OS|Zenwalk|Deepin|Sabayon|VectorLinux|Knoppix|Raspbian|GNU)$/i;

/** Firefox's pre-release and early names, which the parser calls "Mozilla" or not at all. */
const FIREFOX_CODE_NAME = /\b(?:Firebird|Phoenix|BonEcho|GranParadiso|Minefield|Shiretoko|Namoroka|Lorentz)\//;
/** TVs, set-top boxes, consoles: a big fixed screen, counted with desktops. */
const BIG_SCREEN =
  /Smart-?TV|SMART-TV|HbbTV|NETTV|Web0S|WebOS.?TV|\bTizen[^)]*\bTV\b|BRAVIA|\bAFT[A-Z]|GoogleTV|Android ?TV|\bTV\b|\bCrKey|\bRoku|VIDAA|Viera|_TV_|\bDTV\b|[_-](?:FHD|UHD)\b|\bTV ?Box|PlayStation|Xbox|Nintendo/i;
/** Android on a laptop or desktop: Chromebooks, Android-x86, and the product lines of PCs it runs on. */
const LAPTOP =
  /Chromebook|Pixelbook|\bCrOS\b|x86_64|WayDroid|Build\/R\d+-\d+|\b(?:Inspiron|Latitude|Vostro|OptiPlex|TravelMate|Aspire|EliteBook|ProBook|Pavilion|Compaq|LIFEBOOK|Satellite|ThinkPad|IdeaPad|ThinkCentre|VivoBook|ZenBook|EasyNote|AIO|Notebook|Laptop)\b/i;
/** A model named like a tablet (…Tab…, …Pad…, MID, …Tablet…), read in the model the parser found. */
const TABLET_MODEL = /Tab|TAB|Pad(?![a-z])|PAD|\bMID\b|Tablet|TABLET/;
/** Yandex's apps say `apad` on a tablet; old tablets' builds were named MID. */
const TABLET_BUILD = /\/apad\b|Build\/MID\b/;

/**
 * Phone browsers and phone systems whatever else the user agent says: Opera Mini and Opera Mobile
 * (Opera's tablet build says "Opera Tablet"), Symbian, Java ME, Maemo, MeeGo, Palm's webOS (LG's
 * webOS TVs are big screens, matched before), MediaTek's feature phones.
 */
const HANDHELD =
  /\bOpera Mini\/|\bOpera Mobi\b|\bSymbian|\bSymbOS\b|\bSeries ?60\b|\bS60;|\bMIDP\b|\bJ2ME\b|\bMaemo\b|\bMeeGo\b|\bwebOS\/|\bhpwOS\/|\bMTK;|\bNucleus\b/;
/** Puffin names the device class in its version: …AP/IP a phone, …AT/IT a tablet (Android, iOS). */
const PUFFIN = /\bPuffin\/[\d.]+([AI][PT])\b/;

const CACHE_MAX = 5000;

/** Tokens that name a family whatever else the user agent imitates. */
const TOKENS: readonly [RegExp, string][] = [
  [/\b(?:YaBrowser|YaSearchBrowser|YandexSearch|YaApp_Android)\//, 'Yandex'],
  [/\bUC ?Browser|\bUCWEB|\bUCMobile\/|\bUBrowser\//, 'UC Browser'],
  [/\bBrave\b/, 'Brave'],
  [/\bchromeframe\/|\bHeadlessChrome\//, 'Chrome'],
  [/\[FB(?:AN|_IAB)\//, 'Facebook'],
  [/^Safari\/?\d[\d.]* CFNetwork\//, 'Safari'],
];

function familyOf(name: string | undefined, userAgent: string): string | null {
  for (const [token, family] of TOKENS) if (token.test(userAgent)) return family;
  if (
    (FIREFOX_CODE_NAME.test(userAgent) || /\bFirefox\b/.test(userAgent)) &&
    (name === undefined || name === 'Mozilla' || name === 'WebKit')
  )
    return 'Firefox';
  if (name === undefined) return null;
  if (name === 'Android Browser' && /\bChrome\/\d/.test(userAgent)) return 'Chrome';
  return (FAMILY[name] ?? name).slice(0, 50);
}

function osOf(name: string | undefined, userAgent: string): string | null {
  if (/Chromebook|Pixelbook|Build\/R\d+-\d+/.test(userAgent)) return 'Chrome OS'; // Android apps on a Chromebook
  if (name === undefined || name === '') return null;
  if (LINUX_DISTRIBUTION.test(name)) return 'Linux';
  return (OS_NAME[name] ?? name).slice(0, 50);
}

function deviceTypeOf(device: { type?: string; model?: string }, userAgent: string): DeviceType {
  const { type, model } = device;
  if (BIG_SCREEN.test(userAgent)) return 'desktop';
  if (/Android/i.test(userAgent) && LAPTOP.test(userAgent)) return 'desktop';
  const puffin = PUFFIN.exec(userAgent)?.[1];
  if (puffin) return puffin.endsWith('T') ? 'tablet' : 'mobile';
  // An iPad's in-app browsers too (some say "iPhone OS"); Kindles, and Silk, Amazon's browser on Fire tablets.
  if (/\biPad\b|\bKindle\b|\bSilk\//.test(userAgent)) return 'tablet';
  if (HANDHELD.test(userAgent)) return 'mobile';
  if (type === 'tablet') return 'tablet';
  if (type !== undefined && type !== 'mobile' && type !== 'wearable') return 'desktop'; // smarttv, console, embedded (cars), xr
  if (/IEMobile|Windows CE|Windows Phone|Lumia/.test(userAgent)) return 'mobile';
  // Internet Explorer says "Touch" on touch hardware: Surface and its kind, counted as tablets as both corpora do.
  if (/Windows NT[^)]*\bTouch\b/.test(userAgent)) return 'tablet';
  if (/Windows NT|Macintosh/.test(userAgent)) return 'desktop';
  if (!/Android/i.test(userAgent)) return type === undefined ? 'desktop' : 'mobile';
  if (TABLET_MODEL.test(model ?? '') || TABLET_BUILD.test(userAgent)) return 'tablet';
  // Android: the parser calls every model it does not know "mobile", so its word is not model data here.
  if (type === 'wearable') return 'mobile';
  return /Mobile/i.test(userAgent) ? 'mobile' : 'tablet';
}

function parse(userAgent: string): Client {
  const { browser, device, os } = new UAParser(userAgent).getResult();
  return {
    browser: familyOf(browser.name, userAgent),
    os: osOf(os.name, userAgent),
    deviceType: deviceTypeOf(device, userAgent),
  };
}

/** Brands Chromium-based browsers put in `Sec-CH-UA`, as people name them. */
const BRAND: Record<string, string> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  'Opera GX': 'Opera GX',
  OperaMobile: 'Opera',
  Brave: 'Brave',
  Yandex: 'Yandex',
  YaBrowser: 'Yandex',
  'Samsung Internet': 'Samsung Internet',
  HuaweiBrowser: 'Huawei Browser',
  'Huawei Browser': 'Huawei Browser',
  Vivaldi: 'Vivaldi',
  DuckDuckGo: 'DuckDuckGo',
  'Avast Secure Browser': 'Avast Secure Browser',
};
const PLATFORM: Record<string, string> = {
  Windows: 'Windows',
  macOS: 'macOS',
  Android: 'Android',
  Linux: 'Linux',
  'Chrome OS': 'Chrome OS',
  'Chromium OS': 'Chrome OS',
  iOS: 'iOS',
};

/** `"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"` → the brand names. */
export function brandsOf(header: string): string[] {
  const brands: string[] = [];
  for (const m of header.matchAll(/"((?:[^"\\]|\\.)*)"\s*;\s*v\s*=\s*"[^"]*"/g)) brands.push(m[1]!.trim());
  return brands;
}

/** The browser a `Sec-CH-UA` brand list names, or null when it names only Chromium (or nothing known). */
export function browserOfBrands(header: string): string | null {
  for (const brand of brandsOf(header)) {
    const name = BRAND[brand];
    if (name) return name;
  }
  return null;
}

const unquote = (s: string | undefined): string => (s ?? '').trim().replace(/^"(.*)"$/, '$1');

/** The client from the hints where they say something, the user agent for the rest. */
function withHints(client: Client, hints: ClientHints, userAgent: string): Client {
  const browser = hints.ua ? browserOfBrands(hints.ua) : null;
  const os = PLATFORM[unquote(hints.platform)] ?? null;
  const mobile = hints.mobile?.trim();
  let deviceType = client.deviceType;
  if (mobile === '?1' && !BIG_SCREEN.test(userAgent)) deviceType = 'mobile';
  // Chrome on an Android tablet says ?0; a phone asking for the desktop site sends a desktop user agent.
  else if (mobile === '?0' && os === 'Android' && deviceType === 'mobile') deviceType = 'tablet';
  return { browser: browser ?? client.browser, os: os ?? client.os, deviceType };
}

/** Per user agent: its client, and its clients per hint values (Sec-CH-UA, then mobile and platform). */
type Entry = { client: Client; hinted?: Map<string, Map<string, Client>> };
const entries = new Map<string, Entry>();
let cached = 0;

/** A full memory starts over: a site's visitors share a few hundred user agents, a crawl brings thousands once. */
function makeRoom() {
  if (cached < CACHE_MAX) return;
  entries.clear();
  cached = 0;
}

/** The browser, OS and device type of a user agent, with the request's client hints when it sent any. */
export function clientOfUserAgent(userAgent: string, hints?: ClientHints): Client {
  let entry = entries.get(userAgent);
  if (!entry) {
    makeRoom();
    entry = { client: parse(userAgent) };
    entries.set(userAgent, entry);
    cached++;
  }
  if (hints === undefined || (hints.ua ?? hints.mobile ?? hints.platform) === undefined) return entry.client;
  // Nested maps, not one joined key: each header string is hashed once, none is copied.
  entry.hinted ??= new Map();
  let byBrands = entry.hinted.get(hints.ua ?? '');
  if (!byBrands) {
    byBrands = new Map();
    entry.hinted.set(hints.ua ?? '', byBrands);
  }
  const rest = `${hints.mobile ?? ''};${hints.platform ?? ''}`;
  let client = byBrands.get(rest);
  if (!client) {
    makeRoom();
    client = withHints(entry.client, hints, userAgent);
    byBrands.set(rest, client);
    cached++;
  }
  return client;
}
