/**
 * The visitor tracker (spec §3, §4, §7): page views and named events sent as image pixels to
 * the gateway, fire-and-forget. Failures are only logged to the console, never shown.
 *
 * States: idle → initialising → ready. Initialisation sends the first page view (browser and
 * device type are read by the gateway from the request's user agent, with a maintained parser). A call made before initialisation starts it and is itself
 * not sent. A page view whose path equals the last tracked path is skipped.
 *
 * Inside a frame (the home page's lot map loads /embed) nothing is tracked: the page around
 * it already counted the visit. Every `utm_*` query parameter is forwarded (spec §3), at most
 * UTM_MAX_PARAMS of them, each value cut to UTM_MAX_LENGTH characters.
 *
 * Staff are never visitors: nothing is sent from a dashboard page (`/marketing*`), nor at all
 * while this browser holds a staff session (the dashboard marks it with `markStaffSession`, as
 * the session cookie itself is out of a script's reach). The gateway drops such hits too.
 *
 * Engagement: the time the page was visible since its page view is summed, and sent as an
 * `engagement` event (val = engaged ms) when the tab is hidden, the page is left, or the app
 * navigates to another path, if at least ENGAGEMENT_MIN_MS. The analytics service lets it
 * extend the visit (so one-page visits do not all count 0 s); it is never a page view and
 * never an interaction for the bounce rate.
 *
 * Links, without page code: a click (or middle click) on a link to another site sends an
 * `outbound_click` event and one on a link to a file (a download attribute, or a known file type)
 * a `file_download`, labelled with the link's address without query or fragment; both go as a
 * keepalive request, which survives the page being left. `trackNotFound` sends `not_found` for the
 * current path, labelled with the page that linked to it.
 */
import { isStaffPath } from '@lp/contracts/staff-paths';
import { site } from '@lp/contracts/site';
import {
  FILE_DOWNLOAD_EVENT,
  FILE_DOWNLOAD_EXTENSIONS,
  NOT_FOUND_EVENT,
  OUTBOUND_CLICK_EVENT,
} from '@lp/contracts/tracked-events';
import { createUuid } from '../create-uuid';

export const STORAGE_KEYS = {
  sessionId: 'lpl_analytics_session_id',
  newVisitor: 'lpl_analytics_new_visitor',
  apiBaseUrl: 'lpl_api_base_url',
  staffSession: 'lpl_staff_session',
} as const;

export const PIXEL_REMOVE_MS = 5000;
/** Bounds on forwarded utm_* parameters, so a crafted link cannot make the pixel URL huge. */
export const UTM_MAX_PARAMS = 10;
/** The gateway refuses a known utm_* value longer than this (ANALYTICS_LIMITS.utm). */
export const UTM_MAX_LENGTH = 200;
const UTM_MAX_KEY_LENGTH = 64;
/** An event label longer than this is refused by the gateway (ANALYTICS_LIMITS.eventLabel). */
export const LABEL_MAX_LENGTH = 200;
const DOWNLOAD_PATH = new RegExp(`\\.(${FILE_DOWNLOAD_EXTENSIONS.join('|')})$`, 'i');
/** Engaged time below this is not worth a request. */
export const ENGAGEMENT_MIN_MS = 1000;
export const ENGAGEMENT_EVENT = 'engagement';
const DEV_HOSTS =
  /(^localhost$)|(^127\.)|(^\[::1\]$)|(\.local$)|(\.replit\.dev$)|(\.repl\.co$)|(\.vercel\.app$)|(\.netlify\.app$)|(\.pages\.dev$)/;

type TrackerState = 'idle' | 'initialising' | 'ready';
type TrackedEvent = {
  name: string;
  category: string;
  action?: string;
  label?: string;
  value?: number;
  properties?: Record<string, unknown>;
};

let state: TrackerState = 'idle';
let lastPath: string | null = null;
/** Visible time of the current page view: summed so far, and since when it is visible again. */
let engagedMs = 0;
let visibleSince: number | null = null;
let detach: (() => void) | null = null;

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
function safeSet(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch (error) {
    console.error('Analytics storage unavailable:', error);
  }
}

/** The persistent session id, created on the first visit (and flagged as a new visitor). */
export function getSessionId(): string {
  let id = safeGet(localStorage, STORAGE_KEYS.sessionId);
  if (!id) {
    id = createUuid();
    safeSet(localStorage, STORAGE_KEYS.sessionId, id);
    safeSet(sessionStorage, STORAGE_KEYS.newVisitor, 'true');
  } else if (safeGet(sessionStorage, STORAGE_KEYS.newVisitor) === null) {
    safeSet(sessionStorage, STORAGE_KEYS.newVisitor, 'false');
  }
  return id;
}

/** Called by the dashboard when a staff session is confirmed (true) or ended (false). */
export function markStaffSession(active: boolean): void {
  try {
    if (active) localStorage.setItem(STORAGE_KEYS.staffSession, '1');
    else localStorage.removeItem(STORAGE_KEYS.staffSession);
  } catch (error) {
    console.error('Analytics storage unavailable:', error);
  }
}

/** Nothing is tracked on the dashboard's pages or from a staff member's browser. */
function isStaff(path: string): boolean {
  return isStaffPath(path) || safeGet(localStorage, STORAGE_KEYS.staffSession) !== null;
}

/** Page origin on localhost and development hosts, else the production site; storage overrides. */
export function pixelBaseUrl(): string {
  const override = safeGet(localStorage, STORAGE_KEYS.apiBaseUrl);
  if (override) return override.replace(/\/$/, '');
  return DEV_HOSTS.test(window.location.hostname) ? window.location.origin : `https://${site.host}`;
}

function sendPixel(path: string, params: URLSearchParams): void {
  const img = new Image(1, 1);
  img.alt = '';
  img.setAttribute('aria-hidden', 'true');
  img.style.position = 'absolute';
  img.style.left = '-9999px';
  img.onerror = () => console.error(`Analytics pixel failed: ${path}`);
  img.src = `${pixelBaseUrl()}${path}?${params.toString()}`;
  document.body.appendChild(img);
  setTimeout(() => img.remove(), PIXEL_REMOVE_MS);
}

/** For a hit sent as the page may be left (a link followed): a keepalive request outlives the page. */
function sendPixelKeepalive(path: string, params: URLSearchParams): void {
  if (typeof fetch !== 'function') return sendPixel(path, params);
  fetch(`${pixelBaseUrl()}${path}?${params.toString()}`, {
    keepalive: true,
    mode: 'no-cors',
    credentials: 'include',
  }).catch(() => console.error(`Analytics pixel failed: ${path}`));
}

/** A link's address as a label: without query or fragment (they may carry personal data), capped. */
export function linkLabel(url: URL): string {
  return `${url.origin}${url.pathname}`.slice(0, LABEL_MAX_LENGTH);
}

/** What a followed link is worth recording as: another site, a file, or nothing (a page of this site). */
export function linkEventOf(link: HTMLAnchorElement, here: Location = window.location): string | null {
  let url: URL;
  try {
    url = new URL(link.href, here.href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.host !== here.host) return OUTBOUND_CLICK_EVENT;
  if (link.hasAttribute('download') || DOWNLOAD_PATH.test(url.pathname)) return FILE_DOWNLOAD_EVENT;
  return null;
}

function onLinkClick(event: MouseEvent): void {
  try {
    if (event.type === 'auxclick' && event.button !== 1) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
    if (!link || lastPath === null || isStaff(window.location.pathname)) return;
    const name = linkEventOf(link);
    if (!name) return;
    const params = new URLSearchParams({
      n: name,
      c: 'link',
      sid: getSessionId(),
      lbl: linkLabel(new URL(link.href, window.location.href)),
      p: window.location.pathname,
    });
    sendPixelKeepalive('/api/analytics/event-pixel', params);
  } catch (error) {
    console.error('Analytics link click failed:', error);
  }
}

function pauseEngagement(): void {
  if (visibleSince !== null) engagedMs += Date.now() - visibleSince;
  visibleSince = null;
}

/** Sends the engaged time of the current page (if enough) and starts counting afresh. */
function flushEngagement(): void {
  pauseEngagement();
  const ms = Math.round(engagedMs);
  engagedMs = 0;
  if (ms < ENGAGEMENT_MIN_MS || lastPath === null || isStaff(lastPath)) return;
  const params = new URLSearchParams({
    n: ENGAGEMENT_EVENT,
    c: ENGAGEMENT_EVENT,
    sid: getSessionId(),
    val: String(ms),
    p: lastPath,
  });
  sendPixel('/api/analytics/event-pixel', params);
}

function onVisibilityChange(): void {
  try {
    if (document.visibilityState === 'hidden') flushEngagement();
    else if (visibleSince === null) visibleSince = Date.now();
  } catch (error) {
    console.error('Analytics engagement failed:', error);
  }
}

function onPageHide(): void {
  try {
    flushEngagement();
  } catch (error) {
    console.error('Analytics engagement failed:', error);
  }
}

function listenForEngagement(): void {
  document.addEventListener('visibilitychange', onVisibilityChange);
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('click', onLinkClick, true);
  document.addEventListener('auxclick', onLinkClick, true);
  detach = () => {
    document.removeEventListener('visibilitychange', onVisibilityChange);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('click', onLinkClick, true);
    document.removeEventListener('auxclick', onLinkClick, true);
  };
}

function sendPageView(path: string): void {
  if (lastPath !== null) flushEngagement(); // the page being left
  if (isStaff(path)) {
    // Not a visit; the next public page is one again (unless a staff session exists).
    lastPath = null;
    visibleSince = null;
    return;
  }
  lastPath = path;
  engagedMs = 0;
  visibleSince = document.visibilityState === 'hidden' ? null : Date.now();
  const params = new URLSearchParams({
    p: path,
    sid: getSessionId(),
    ref: document.referrer,
  });
  for (const [key, value] of utmParamsOf(window.location.search)) params.set(key, value);
  sendPixel('/api/analytics/pixel', params);
}

/** The page's non-empty utm_* parameters (first value of each), bounded in count and length. */
export function utmParamsOf(search: string): [string, string][] {
  const found = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) {
    if (found.size >= UTM_MAX_PARAMS) break;
    const wanted = key.startsWith('utm_') && key.length > 4 && key.length <= UTM_MAX_KEY_LENGTH;
    if (wanted && value && !found.has(key)) {
      found.set(key, value.slice(0, UTM_MAX_LENGTH));
    }
  }
  return [...found];
}

/** True inside a frame. A cross-origin parent can still be compared, just not read. */
function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true;
  }
}

/** Starts listening for engagement and sends the first page view. */
export function initTracker(): void {
  if (state !== 'idle' || isFramed()) return;
  state = 'initialising';
  try {
    state = 'ready';
    listenForEngagement();
    sendPageView(window.location.pathname);
  } catch (error) {
    state = 'idle';
    console.error('Analytics initialisation failed:', error);
  }
}

export function trackPageView(path: string = window.location.pathname): void {
  try {
    if (state !== 'ready') return initTracker(); // stays idle inside a frame: nothing is sent
    if (path === lastPath) return;
    sendPageView(path);
  } catch (error) {
    console.error('Analytics page view failed:', error);
  }
}

export function trackEvent(event: TrackedEvent): void {
  try {
    if (state !== 'ready') return initTracker(); // stays idle inside a frame: nothing is sent
    if (isStaff(window.location.pathname)) return;
    const params = new URLSearchParams({ n: event.name, c: event.category, sid: getSessionId() });
    if (event.action) params.set('act', event.action);
    if (event.label) params.set('lbl', event.label);
    if (typeof event.value === 'number') params.set('val', String(event.value));
    params.set('p', window.location.pathname);
    if (event.properties) {
      try {
        params.set('props', JSON.stringify(event.properties));
      } catch (error) {
        console.error('Analytics event properties dropped:', error);
      }
    }
    sendPixel('/api/analytics/event-pixel', params);
  } catch (error) {
    console.error('Analytics event failed:', error);
  }
}

/**
 * The current path is a page that does not exist: `cameFrom` is the page that linked to it (the
 * app's previous page, else the document's referrer), sent without query or fragment.
 */
export function trackNotFound(cameFrom: string): void {
  let label: string | undefined;
  try {
    label = cameFrom ? linkLabel(new URL(cameFrom, window.location.href)) : undefined;
  } catch {
    label = undefined;
  }
  trackEvent({ name: NOT_FOUND_EVENT, category: 'navigation', ...(label ? { label } : {}) });
}

export function trackerState(): TrackerState {
  return state;
}

/** Test hook: back to a fresh, uninitialised tracker. */
export function resetTrackerForTests(): void {
  detach?.();
  detach = null;
  state = 'idle';
  lastPath = null;
  engagedMs = 0;
  visibleSince = null;
}
