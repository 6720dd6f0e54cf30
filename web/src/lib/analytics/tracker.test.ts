import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ENGAGEMENT_MIN_MS,
  PIXEL_REMOVE_MS,
  STORAGE_KEYS,
  UTM_MAX_LENGTH,
  UTM_MAX_PARAMS,
  getSessionId,
  initTracker,
  markStaffSession,
  pixelBaseUrl,
  resetTrackerForTests,
  trackEvent,
  trackNotFound,
  trackPageView,
  trackerState,
  utmParamsOf,
} from './tracker';

const pixels = () => Array.from(document.querySelectorAll<HTMLImageElement>('img')).map((i) => new URL(i.src));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  resetTrackerForTests();
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/market?utm_source=mail&utm_campaign=spring&x=1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.defineProperty(window, 'self', SELF);
});

const SELF = Object.getOwnPropertyDescriptor(window, 'self')!;
/** Makes the page look framed: window.top (unforgeable) is then no longer window.self. */
function frame() {
  Object.defineProperty(window, 'self', { value: {}, configurable: true, writable: true });
}

describe('tracker', () => {
  it('keeps a session id under a product-prefixed key and flags a new visitor', () => {
    const id = getSessionId();
    expect(localStorage.getItem(STORAGE_KEYS.sessionId)).toBe(id);
    expect(STORAGE_KEYS.sessionId.startsWith('lpl_')).toBe(true);
    expect(sessionStorage.getItem(STORAGE_KEYS.newVisitor)).toBe('true');
    expect(getSessionId()).toBe(id);
  });

  it('a first call initialises and sends one page view of the current path', () => {
    trackPageView('/ignored-trigger');
    expect(trackerState()).toBe('ready');
    const sent = pixels();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.pathname).toBe('/api/analytics/pixel');
    expect(sent[0]!.searchParams.get('p')).toBe('/market');
    expect(sent[0]!.searchParams.get('sid')).toBe(localStorage.getItem(STORAGE_KEYS.sessionId));
    expect(sent[0]!.searchParams.get('utm_source')).toBe('mail');
    expect(sent[0]!.searchParams.get('utm_campaign')).toBe('spring');
    expect(sent[0]!.searchParams.has('x')).toBe(false);
  });

  it('an event before initialisation triggers it and is itself not sent', () => {
    trackEvent({ name: 'video_play', category: 'engagement' });
    expect(pixels().map((u) => u.pathname)).toEqual(['/api/analytics/pixel']);
  });

  it('skips a page view whose path equals the last tracked path', () => {
    initTracker();
    trackPageView('/market');
    trackPageView('/contact');
    trackPageView('/contact');
    expect(pixels().map((u) => u.searchParams.get('p'))).toEqual(['/market', '/contact']);
  });

  it('sends nothing from a dashboard page, and counts the next public page again', () => {
    window.history.replaceState(null, '', '/marketing');
    initTracker();
    trackPageView('/marketing/analytics');
    trackPageView('/Marketing/contacts');
    trackEvent({ name: 'refresh', category: 'dashboard' });
    expect(pixels()).toHaveLength(0);
    window.history.replaceState(null, '', '/lots');
    trackPageView('/lots');
    expect(pixels().map((u) => u.searchParams.get('p'))).toEqual(['/lots']);
  });

  it('sends nothing at all while this browser holds a staff session, and again once it ends', () => {
    markStaffSession(true);
    initTracker();
    trackPageView('/lots');
    trackEvent({ name: 'cta', category: 'ui' });
    expect(pixels()).toHaveLength(0);
    markStaffSession(false);
    trackPageView('/contact');
    expect(pixels().map((u) => u.searchParams.get('p'))).toEqual(['/contact']);
  });

  it('sends events with their fields and drops properties that cannot be serialised', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    initTracker();
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    trackEvent({ name: 'lead', category: 'form', action: 'submit', label: 'home', value: 2, properties: { a: 1 } });
    trackEvent({ name: 'bad', category: 'form', properties: circular });
    const [, ok, bad] = pixels();
    expect(ok!.pathname).toBe('/api/analytics/event-pixel');
    expect(Object.fromEntries(ok!.searchParams)).toMatchObject({
      n: 'lead',
      c: 'form',
      act: 'submit',
      lbl: 'home',
      val: '2',
      p: '/market',
      props: '{"a":1}',
    });
    expect(bad!.searchParams.has('props')).toBe(false);
    expect(console.error).toHaveBeenCalled();
  });

  it('removes each pixel after 5000 ms', () => {
    initTracker();
    expect(pixels()).toHaveLength(1);
    vi.advanceTimersByTime(PIXEL_REMOVE_MS - 1);
    expect(pixels()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(pixels()).toHaveLength(0);
  });

  it('uses the page origin on localhost, and a stored API base URL when set', () => {
    expect(pixelBaseUrl()).toBe(window.location.origin);
    localStorage.setItem(STORAGE_KEYS.apiBaseUrl, 'https://stats.example.com/');
    expect(pixelBaseUrl()).toBe('https://stats.example.com');
  });

  it('tracks nothing inside a frame (the home page already counted the visit)', () => {
    frame();
    trackPageView('/embed');
    trackPageView('/embed');
    trackEvent({ name: 'video_play', category: 'engagement' });
    expect(pixels()).toHaveLength(0);
    expect(trackerState()).toBe('idle');
  });

  it('forwards every utm_* parameter, at most ten, each value capped', () => {
    window.history.replaceState(null, '', '/?utm_source=a&utm_id=42&utm_source_platform=ads&utm_=x&utmx=1&utm_empty=');
    initTracker();
    const q = pixels()[0]!.searchParams;
    expect([...q.keys()].filter((k) => k.startsWith('utm'))).toEqual(['utm_source', 'utm_id', 'utm_source_platform']);
    expect(q.get('utm_id')).toBe('42');

    const many = Array.from({ length: 15 }, (_, i) => `utm_k${i}=${'v'.repeat(300)}`).join('&');
    const forwarded = utmParamsOf(`?${many}`);
    expect(forwarded).toHaveLength(UTM_MAX_PARAMS);
    expect(forwarded.every(([, v]) => v.length === UTM_MAX_LENGTH)).toBe(true);
    expect(utmParamsOf('?utm_source=a&utm_source=b')).toEqual([['utm_source', 'a']]);
  });

  it('leaves browser and device to the gateway, which reads them from the user agent', () => {
    initTracker();
    const [pv] = pixels();
    expect(pv!.searchParams.has('br')).toBe(false);
    expect(pv!.searchParams.has('dt')).toBe(false);
  });

  describe('engagement pings (fake clock)', () => {
    let visibility: DocumentVisibilityState = 'visible';
    // Every pixel sent, even those already removed from the page (they go after 5 s).
    let sent: URL[] = [];
    beforeEach(() => {
      visibility = 'visible';
      sent = [];
      vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
      const append = document.body.appendChild.bind(document.body);
      vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
        if (node instanceof HTMLImageElement) sent.push(new URL(node.src));
        return append(node);
      });
    });
    const setVisibility = (v: DocumentVisibilityState) => {
      visibility = v;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const pings = () => sent.filter((u) => u.searchParams.get('n') === 'engagement');

    it('sends the visible time when the tab is hidden, and never as a page view', () => {
      trackPageView();
      vi.advanceTimersByTime(42_000);
      setVisibility('hidden');
      expect(pings()).toHaveLength(1);
      const ping = pings()[0]!;
      expect(ping.pathname).toBe('/api/analytics/event-pixel');
      expect(ping.searchParams.get('c')).toBe('engagement');
      expect(ping.searchParams.get('val')).toBe('42000');
      expect(ping.searchParams.get('p')).toBe('/market');
      expect(sent.filter((u) => u.pathname === '/api/analytics/pixel')).toHaveLength(1);
    });

    it('does not count hidden time, and sums visible spells of the same page', () => {
      trackPageView();
      vi.advanceTimersByTime(10_000);
      setVisibility('hidden'); // ping 1: 10 s
      vi.advanceTimersByTime(600_000); // away for ten minutes
      setVisibility('visible');
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('pagehide')); // ping 2: 5 s
      expect(pings().map((p) => p.searchParams.get('val'))).toEqual(['10000', '5000']);
    });

    it('sends the time of the page being left on navigation, before the next page view', () => {
      trackPageView();
      vi.advanceTimersByTime(7_500);
      trackPageView('/investment');
      expect(sent.map((u) => u.searchParams.get('n') ?? u.searchParams.get('p'))).toEqual([
        '/market',
        'engagement',
        '/investment',
      ]);
      expect(sent[1]!.searchParams.get('p')).toBe('/market');
      expect(sent[1]!.searchParams.get('val')).toBe('7500');
    });

    it('sends nothing for less than the minimum engaged time', () => {
      trackPageView();
      vi.advanceTimersByTime(ENGAGEMENT_MIN_MS - 1);
      setVisibility('hidden');
      window.dispatchEvent(new Event('pagehide'));
      expect(pings()).toHaveLength(0);
    });
  });

  describe('links and missing pages', () => {
    const keepalive = () => {
      const sent: URL[] = [];
      vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        expect(init).toMatchObject({ keepalive: true, mode: 'no-cors' });
        sent.push(new URL(String(input)));
        return Promise.resolve(new Response(null));
      });
      return sent;
    };
    const link = (href: string, attrs: Record<string, string> = {}) => {
      const a = document.createElement('a');
      a.href = href;
      for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
      a.innerHTML = '<span>Go</span>';
      a.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
      document.body.appendChild(a);
      return a;
    };

    it('sends a click on a link to another site, and on a file, labelled without query or fragment', () => {
      initTracker();
      const sent = keepalive();
      link('https://www.coconino.az.gov/permits?id=7#fees').querySelector('span')!.click();
      link('/files/plat-map.PDF?v=2').click();
      link('/brochure', { download: '' }).click();
      link('/lots/9').click(); // a page of this site
      link('mailto:sales@example.com').click();
      expect(
        sent.map((u) => [u.pathname, u.searchParams.get('n'), u.searchParams.get('lbl'), u.searchParams.get('p')]),
      ).toEqual([
        ['/api/analytics/event-pixel', 'outbound_click', 'https://www.coconino.az.gov/permits', '/market'],
        ['/api/analytics/event-pixel', 'file_download', `${window.location.origin}/files/plat-map.PDF`, '/market'],
        ['/api/analytics/event-pixel', 'file_download', `${window.location.origin}/brochure`, '/market'],
      ]);
      // A middle click opens the link too; a right click does not.
      const a = link('https://www.nps.gov/glca/');
      a.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
      a.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 2 }));
      expect(sent.slice(3).map((u) => u.searchParams.get('lbl'))).toEqual(['https://www.nps.gov/glca/']);
    });

    it('sends no link click from a staff browser, nor before the tracker started or after it stopped', () => {
      const sent = keepalive();
      link('https://example.org/').click();
      initTracker();
      markStaffSession(true);
      link('https://example.org/').click();
      markStaffSession(false);
      resetTrackerForTests();
      link('https://example.org/').click();
      expect(sent).toEqual([]);
    });

    it('names a missing page and the page that linked to it, without its query', () => {
      initTracker();
      window.history.replaceState(null, '', '/lots/99');
      trackNotFound('https://www.zillow.com/homedetails/123?utm=x');
      trackNotFound('');
      const events = pixels().filter((u) => u.pathname === '/api/analytics/event-pixel');
      expect(events.map((u) => [u.searchParams.get('n'), u.searchParams.get('p'), u.searchParams.get('lbl')])).toEqual([
        ['not_found', '/lots/99', 'https://www.zillow.com/homedetails/123'],
        ['not_found', '/lots/99', null],
      ]);
    });
  });
});
