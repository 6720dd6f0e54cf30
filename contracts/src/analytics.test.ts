import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  EventPixelQuerySchema,
  EventsRecordedSchema,
  PageviewPixelQuerySchema,
  PageviewsRecordedSchema,
  type PageviewHit,
} from './analytics.ts';
import { fieldErrorsOf } from './envelope.ts';
import { eventMeta } from './events.ts';

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : fieldErrorsOf(r.issues);
};

describe('page view pixel query', () => {
  it('reads what the tracker sends, empty referrer and utm_* included', () => {
    const q = v.parse(PageviewPixelQuerySchema, {
      p: '/market',
      sid: 'c1b7d1a4-2f0e-4c1e-9a55-0d3f8f2e9b11',
      ref: '',
      dt: 'mobile',
      br: 'Safari',
      utm_source: 'newsletter',
      utm_campaign: 'spring-lots',
      utm_medium: '',
      _: '1712345678',
    });
    expect(q).toEqual({
      p: '/market',
      sid: 'c1b7d1a4-2f0e-4c1e-9a55-0d3f8f2e9b11',
      ref: undefined,
      dt: 'mobile',
      br: 'Safari',
      utm_source: 'newsletter',
      utm_campaign: 'spring-lots',
      utm_medium: undefined,
    });
  });

  it('needs a path starting with / and a session id', () => {
    expect(errorsOf(PageviewPixelQuerySchema, {})).toEqual({
      p: ['Path is required'],
      sid: ['Session id is required'],
    });
    expect(errorsOf(PageviewPixelQuerySchema, { p: 'market', sid: '' })).toEqual({
      p: ["Path must start with '/'"],
      sid: ['Session id is required'],
    });
  });

  it('caps every field and knows only three device types', () => {
    const e = errorsOf(PageviewPixelQuerySchema, {
      p: `/${'a'.repeat(2000)}`,
      sid: 's'.repeat(101),
      ref: 'r'.repeat(2001),
      dt: 'watch',
      br: 'b'.repeat(51),
      utm_term: 't'.repeat(201),
    });
    expect(Object.keys(e).sort()).toEqual(['br', 'dt', 'p', 'ref', 'sid', 'utm_term']);
    expect(v.safeParse(PageviewPixelQuerySchema, { p: `/${'a'.repeat(1999)}`, sid: 's'.repeat(100) }).success).toBe(
      true,
    );
  });

  it('refuses a repeated parameter (an array) rather than guessing', () => {
    expect(Object.keys(errorsOf(PageviewPixelQuerySchema, { p: ['/a', '/b'], sid: 'x' }))).toEqual(['p']);
  });
});

describe('event pixel query', () => {
  const base = { n: 'contact_submit', c: 'lead', sid: 'abc' };

  it('parses the numeric value and the JSON properties', () => {
    const q = v.parse(EventPixelQuerySchema, {
      ...base,
      act: 'submit',
      lbl: 'home form',
      val: '55000.5',
      p: '/builder-package-1',
      props: JSON.stringify({ lot: 12, bay: 'Good Hope Bay', tags: ['a'] }),
    });
    expect(q).toMatchObject({ val: 55000.5, props: { lot: 12, bay: 'Good Hope Bay', tags: ['a'] } });
    expect(v.parse(EventPixelQuerySchema, { ...base, val: '-1e3' }).val).toBe(-1000);
    expect(v.parse(EventPixelQuerySchema, base)).toEqual({ ...base });
  });

  it('needs a name, a category and a session id', () => {
    expect(Object.keys(errorsOf(EventPixelQuerySchema, { n: '', c: '' })).sort()).toEqual(['c', 'n', 'sid']);
    expect(errorsOf(EventPixelQuerySchema, { ...base, n: 'x'.repeat(101) })).toEqual({
      n: ['Event name must be at most 100 characters'],
    });
  });

  it('refuses a value that is not a plain number', () => {
    for (const val of ['abc', '0x10', 'Infinity', '1e999', ' ', '12px'])
      expect(errorsOf(EventPixelQuerySchema, { ...base, val }), val).toEqual({ val: ['Value must be a number'] });
  });

  it('refuses properties that are not a JSON object or exceed 4 KB', () => {
    expect(errorsOf(EventPixelQuerySchema, { ...base, props: '{oops' })).toEqual({
      props: ['Properties must be JSON'],
    });
    for (const props of ['[1,2]', 'null', '"text"', '42'])
      expect(errorsOf(EventPixelQuerySchema, { ...base, props }), props).toEqual({
        props: ['Properties must be a JSON object'],
      });
    const big = JSON.stringify({ note: 'x'.repeat(4090) });
    expect(errorsOf(EventPixelQuerySchema, { ...base, props: big })).toEqual({
      props: ['Properties must be at most 4096 bytes of JSON'],
    });
    // Bytes, not characters: 1400 three-byte characters are over the limit.
    expect(
      Object.keys(errorsOf(EventPixelQuerySchema, { ...base, props: JSON.stringify({ n: '€'.repeat(1400) }) })),
    ).toEqual(['props']);
    expect(v.parse(EventPixelQuerySchema, { ...base, props: '' }).props).toBeUndefined();
  });

  it("checks an event's path like a page view's", () => {
    expect(errorsOf(EventPixelQuerySchema, { ...base, p: 'http://elsewhere' })).toEqual({
      p: ["Path must start with '/'"],
    });
  });
});

describe('batch events', () => {
  const hit: PageviewHit = {
    at: new Date().toISOString(),
    path: '/',
    sessionId: 's1',
    referrer: null,
    deviceType: 'desktop',
    browser: 'Chrome',
    os: 'Windows',
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    utmExtra: null,
    country: 'US',
    region: 'Arizona',
    city: 'Page',
  };

  it('carries the event meta and at least one hit, each with its own time', () => {
    expect(v.safeParse(PageviewsRecordedSchema, { ...eventMeta(), hits: [hit] }).success).toBe(true);
    expect(v.safeParse(PageviewsRecordedSchema, { ...eventMeta(), hits: [] }).success).toBe(false);
    expect(v.safeParse(PageviewsRecordedSchema, { ...eventMeta(), hits: [{ ...hit, at: 'yesterday' }] }).success).toBe(
      false,
    );
  });

  it("takes a page view without an OS (a gateway older than it) as one of unknown OS, and bounds the OS's length", () => {
    const { os: _os, ...older } = hit;
    const parsed = v.parse(PageviewsRecordedSchema, { ...eventMeta(), hits: [older] });
    expect(parsed.hits[0]!.os).toBeNull();
    expect(
      v.safeParse(PageviewsRecordedSchema, { ...eventMeta(), hits: [{ ...hit, os: 'x'.repeat(51) }] }).success,
    ).toBe(false);
  });

  it('keeps event properties as an object or null', () => {
    const ev = {
      at: new Date().toISOString(),
      sessionId: 's1',
      name: 'video_play',
      category: 'media',
      action: null,
      label: null,
      value: null,
      path: '/',
      properties: { seconds: 3 },
    };
    expect(v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [ev, { ...ev, properties: null }] }).success).toBe(
      true,
    );
    expect(v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [{ ...ev, properties: [1] }] }).success).toBe(
      false,
    );
  });
});

describe('batch events refuse what PostgreSQL cannot store', () => {
  const nul = 'a\u0000b';
  const view = {
    at: new Date().toISOString(),
    path: '/',
    sessionId: 's1',
    referrer: null,
    deviceType: null,
    browser: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmTerm: null,
    utmContent: null,
    utmExtra: null,
  };
  const ev = {
    at: new Date().toISOString(),
    sessionId: 's1',
    name: 'video_play',
    category: 'media',
    action: null,
    label: null,
    value: null,
    path: '/',
    properties: null,
  };

  it('refuses a NUL in any string of a page view or an event, properties included', () => {
    for (const field of ['path', 'sessionId', 'referrer', 'browser', 'os', 'utmSource', 'utmContent'] as const)
      expect(
        v.safeParse(PageviewsRecordedSchema, { ...eventMeta(), hits: [{ ...view, [field]: `/${nul}` }] }).success,
        field,
      ).toBe(false);
    for (const field of ['sessionId', 'name', 'category', 'action', 'label', 'path'] as const)
      expect(
        v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [{ ...ev, [field]: `/${nul}` }] }).success,
        field,
      ).toBe(false);
    expect(
      v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [{ ...ev, properties: { k: nul } }] }).success,
    ).toBe(false);
    expect(
      v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [{ ...ev, properties: { [nul]: 1 } }] }).success,
    ).toBe(false);
    expect(v.safeParse(EventsRecordedSchema, { ...eventMeta(), hits: [ev] }).success).toBe(true);
  });

  it('refuses a NUL in a pixel query, so one bad hit never spoils a batch', () => {
    expect(v.safeParse(PageviewPixelQuerySchema, { p: '/', sid: 's1', br: nul }).success).toBe(false);
    expect(v.safeParse(EventPixelQuerySchema, { n: 'x', c: 'y', sid: 's1', props: '{"k":"a\\u0000"}' }).success).toBe(
      false,
    );
  });
});
