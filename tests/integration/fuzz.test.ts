/**
 * Property-based fuzzing (fast-check) of every HTTP route the gateway mounts, public and staff,
 * enumerated from `apiRouters` (plus the media and blog pages, which take file names and slugs):
 * malformed JSON, wrong types, missing and extra fields, huge bodies, deep nesting, invalid
 * UTF-8, NUL and unpaired surrogates, an unclosed merge tag, a huge From, path traversal in ids
 * and file names, SQL-looking strings, `__proto__` and `constructor` keys, multipart bodies with
 * odd parts, odd content types and encodings.
 * Every answer is below 500 within the time limit; every write is a 4xx with the error envelope;
 * no table gains or loses a row; no object prototype is polluted; the process still serves.
 * One embedded stack in this process; the seed is printed (FUZZ_SEED=<n> reruns one failure).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRouters, createLotCache, GatewayConfigSchema } from '@lp/gateway';
import { createLogger, parseConfig } from '@lp/runtime';
import { startStack, type Stack } from '../support/stack.ts';

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const TIMEOUT_MS = 10_000;

type Route = { method: string; path: string; staff: boolean };
type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: Buffer };

let stack: Stack;
let token: string;
let routes: Route[];

beforeAll(async () => {
  console.log(`[fuzz] seed ${SEED} (rerun with FUZZ_SEED=${SEED}), ${RUNS} runs per route`);
  stack = await startStack({
    env: { CONTACT_RATE_LIMIT: '10000', LOGIN_MAX_FAILURES_PER_IP: '10000', LOGIN_MAX_FAILURES_PER_USER: '1000' },
  });
  token = await stack.login();
  const { platform } = stack;
  const deps = {
    config: parseConfig(GatewayConfigSchema, {}),
    bus: platform.bus,
    knex: platform.db.knex,
    log: createLogger('fuzz', 'silent'),
    counters: platform.counters,
    lots: createLotCache(),
  };
  routes = [];
  for (const router of apiRouters(deps))
    for (const layer of router.stack)
      if (typeof layer.path === 'string')
        for (const method of layer.methods.filter((m) => m !== 'HEAD'))
          routes.push({ method, path: layer.path, staff: layer.path.startsWith('/api/marketing') });
  routes.push(
    { method: 'GET', path: '/media/:file', staff: false },
    { method: 'GET', path: '/blog/:slug', staff: false },
  );
}, 60_000);
afterAll(() => stack?.stop());

// ------------------------------------------------------------------------------------ inputs

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE crm.submissions; --',
  'Robert"); DELETE FROM gateway.staff_users; --',
  '\u0000',
  'a\u0000b',
  '<p>a\u0000b</p>',
  '\ud800',
  'x \ud800',
  '\udc00',
  '\udfff\ud800',
  // An unclosed merge tag with a long run of spaces, and a From of 60,000 `a@` (120,000 characters).
  '{{' + ' '.repeat(8000),
  'a@'.repeat(60_000),
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '__proto__',
  'constructor',
  'prototype',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '\u202e\u0301',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
];
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '$where'];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => s + '\u0000'),
  fc.integer({ min: 1, max: 70_000 }).map((n) => 'x'.repeat(n)),
);

/** A JSON value, possibly wrong-typed, with hostile strings and keys. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

/** Serialises keys as written (a `__proto__` key stays a key, as a hostile client would send it). */
function rawJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(rawJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .map((k) => `${JSON.stringify(k)}:${rawJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** Fields each write route requires: one of them is always given a wrong type, so nothing valid is ever sent. */
const REQUIRED: Record<string, string[]> = {
  '/api/contact': ['firstName', 'lastName', 'phone', 'email'],
  '/api/marketing/auth/login': ['username', 'password'],
  '/api/marketing/blog/articles': ['title', 'contentMarkdown'],
  '/api/marketing/staff': ['username', 'password'],
  '/api/marketing/staff/:id/password': ['password'],
  '/api/marketing/contacts': ['email'],
  '/api/marketing/contacts/:id': ['email'],
  '/api/marketing/contacts-to-list': ['listId', 'contactIds'],
  '/api/marketing/lists': ['name'],
  '/api/marketing/lists/:id': ['name'],
  '/api/marketing/segments': ['name', 'filter'],
  '/api/marketing/segments/:id': ['name', 'filter', 'version'],
  '/api/marketing/segments/count': ['filter'],
  '/api/marketing/templates': ['name', 'subject', 'content'],
  '/api/marketing/templates/:id': ['name', 'subject', 'content'],
  '/api/marketing/templates/preview': ['blocks'],
  '/api/marketing/single-send': ['subject', 'fromName', 'fromEmail', 'content'],
  '/api/marketing/campaigns': ['subject', 'fromName', 'fromEmail', 'content'],
  '/api/marketing/test-send': ['subject', 'fromName', 'fromEmail', 'content', 'to'],
};
const OPTIONAL = [
  'from',
  'fromEmail',
  'description',
  'source',
  'interest',
  'message',
  'topic',
  'page',
  'sessionId',
  'website',
  'elapsedMs',
  'slug',
  'tags',
];
const wrongType = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constant({}),
);

/** An object that breaks its route's schema: a required field wrong-typed (or missing), others hostile. */
const brokenObject = (path: string) => {
  const required = REQUIRED[path] ?? ['title'];
  return fc
    .record({
      broken: fc.constantFrom(...required),
      drop: fc.boolean(),
      bad: wrongType,
      others: fc.dictionary(
        fc.oneof(
          fc.constantFrom(...HOSTILE_KEYS),
          fc.constantFrom(...required, ...OPTIONAL),
          fc.string({ maxLength: 10 }),
        ),
        fc.oneof(hostileString, jsonValue),
        { maxKeys: 8 },
      ),
    })
    .map(({ broken, drop, bad, others }) => {
      const body: Record<string, unknown> = {};
      // Random keys never overwrite the broken required field (a key that happens to spell
      // 'name' or 'email' must not turn the body into a well-formed one).
      for (const [k, v] of Object.entries(others))
        if (k !== broken) Object.defineProperty(body, k, { value: v, enumerable: true });
      if (!drop) body[broken] = bad;
      return rawJson(body);
    });
};

const deepNesting = fc
  .record({ depth: fc.integer({ min: 1000, max: 200_000 }), kind: fc.constantFrom('array', 'object') })
  .map(({ depth, kind }) =>
    kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

const malformedJson = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', 'undefined', '{"a":1}{"b":2}', '\uFEFF{}', ''),
  jsonValue.map((v) => rawJson(v).slice(0, -1)),
);

type Body = { type?: string; encoding?: string; bytes: Buffer };
const json = (text: string, type = 'application/json'): Body => ({ type, bytes: Buffer.from(text) });

const multipartOdd = fc
  .record({
    boundary: fc.constantFrom('', 'X', '-'.repeat(200), 'a b', 'z'),
    parts: fc.array(fc.tuple(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 200 })), {
      maxLength: 4,
    }),
    closed: fc.boolean(),
  })
  .map(({ boundary, parts, closed }) => {
    const text =
      parts
        .map(
          ([name, content]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="../../${name}\u0000.png"\r\nContent-Type: image/png\r\n\r\n${content}\r\n`,
        )
        .join('') + (closed ? `--${boundary}--\r\n` : '');
    return { type: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.from(text, 'latin1') } satisfies Body;
  });

/** Every kind of hostile body a write route might get. */
const body = (path: string): fc.Arbitrary<Body> =>
  fc.oneof(
    { arbitrary: brokenObject(path).map((t) => json(t)), weight: 6 },
    { arbitrary: jsonValue.filter((v) => v === null || typeof v !== 'object').map((v) => json(rawJson(v))), weight: 1 },
    { arbitrary: fc.array(jsonValue, { maxLength: 3 }).map((v) => json(rawJson(v))), weight: 1 },
    { arbitrary: malformedJson.map((t) => json(t)), weight: 3 },
    { arbitrary: deepNesting.map((t) => json(t)), weight: 1 },
    {
      // Invalid UTF-8 inside a JSON string.
      arbitrary: fc.uint8Array({ minLength: 1, maxLength: 20 }).map((b) => ({
        type: 'application/json',
        bytes: Buffer.concat([Buffer.from('{"firstName":"'), Buffer.from([0xff, 0xfe, ...b, 0xc3]), Buffer.from('"}')]),
      })),
      weight: 2,
    },
    {
      // Over every JSON limit (64 KB public, 1 MB staff) and the image limit (5 MB).
      arbitrary: fc
        .constantFrom(70 * 1024, 1100 * 1024, 6 * 1024 * 1024)
        .map((n) => json(`{"title":"${'x'.repeat(n)}"}`)),
      weight: 1,
    },
    { arbitrary: multipartOdd, weight: 2 },
    {
      arbitrary: fc
        .record({
          type: fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'application/xml',
            'image/png',
            'image/svg+xml',
            '',
          ),
          text: fc.oneof(brokenObject(path), fc.string({ maxLength: 100 })),
        })
        .map(({ type, text }) => json(text, type)),
      weight: 2,
    },
    {
      arbitrary: fc
        .record({
          encoding: fc.constantFrom('gzip', 'br', 'deflate', 'compress', 'identity, gzip'),
          text: brokenObject(path),
        })
        .map(({ encoding, text }) => ({ ...json(text), encoding })),
      weight: 1,
    },
  );

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, unlike encodeURIComponent). */
const pct = (s: string) =>
  [...Buffer.from(s)]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** A hostile value for a path parameter, already percent-encoded (or deliberately mis-encoded). */
const pathParam = fc
  .oneof(
    hostileString.map((s) => pct(s.slice(0, 300))),
    fc.constantFrom(
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e',
      '%00',
      '%ZZ',
      '%',
      '%E0%A4%A',
      '%C0%AE%C0%AE',
      '0',
      '-1',
      '2147483648',
      '1.5',
      '1e3',
      '0x10',
      `${'a'.repeat(64)}.png`,
      `${'0'.repeat(64)}.svg%00.png`,
    ),
  )
  .filter((p) => !/^[1-9]\d{0,8}$/.test(p)); // a real id (the signed-in owner is 1) is no hostile input

const hostileQuery = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom('limit', 'cursor', 'p', 'sid', 'e', 'ref', '__proto__', 'constructor[prototype][x]', 'a[]'),
        fc.string({ maxLength: 6 }),
      ),
      fc.oneof(hostileString, fc.constantFrom('-1', '0', '1e9', '%ZZ', 'NaN')),
    ),
    { maxLength: 5 },
  )
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${pct(k)}=${pct(v.slice(0, 2000))}`).join('&')}` : ''));

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const params = route.path.match(/:\w+/g) ?? [];
  const write = route.method !== 'GET';
  return (
    fc
      .record({
        values: fc.tuple(...params.map(() => pathParam)),
        query: hostileQuery,
        body: write ? body(route.path).map((b): Body | undefined => b) : fc.constant(undefined),
        // Mostly signed in (a bearer token: no CSRF check), sometimes not (401).
        signedIn: route.staff ? fc.nat(3).map((n) => n > 0) : fc.constant(false),
        cookie: fc.oneof(
          fc.constant(undefined),
          fc.constantFrom('lp_session=%00', 'lp_session=../../x', 'lp_session=' + 'a'.repeat(5000)),
        ),
      })
      .map(({ values, query, body: b, signedIn, cookie }) => {
        let path = route.path;
        params.forEach((p, i) => (path = path.replace(p, values[i] ?? '')));
        const headers: Record<string, string> = { 'x-forwarded-for': '198.51.100.7' };
        if (signedIn && !route.path.endsWith('/logout')) headers.authorization = `Bearer ${token}`;
        if (cookie) headers.cookie = cookie;
        if (b?.type) headers['content-type'] = b.type;
        if (b?.encoding) headers['content-encoding'] = b.encoding;
        return { method: route.method, path: path + query, headers, ...(b ? { body: b.bytes } : {}) };
      })
      // A write with no body, no query and no path parameter is a well-formed request to a route whose
      // input is optional (a refresh, a sign-out): nothing hostile about it.
      .filter((r) => !write || params.length > 0 || (r.body?.length ?? 0) > 0 || r.path.includes('?'))
  );
}

// ------------------------------------------------------------------------------------ checks

async function send(req: FuzzRequest): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${stack.baseUrl}${req.path}`, {
    method: req.method,
    headers: req.headers,
    ...(req.body ? { body: req.body } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const describeRequest = (req: FuzzRequest) =>
  `${req.method} ${req.path.slice(0, 200)} ${JSON.stringify(req.headers)} body=${req.body ? JSON.stringify(req.body.subarray(0, 200).toString('latin1')) : '-'} (${req.body?.length ?? 0} bytes)`;

function isEnvelope(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown; code?: unknown } };
    return typeof parsed.error?.message === 'string' && typeof parsed.error.code === 'string';
  } catch {
    return false;
  }
}

/**
 * Bookkeeping that hostile requests rightly leave: the rate limits count every request, and a
 * staff action a service refused is on the audit log as `failed` (checked apart: nothing else).
 */
const BOOKKEEPING = new Set([
  'gateway.rate_counters',
  'gateway.audit_log',
  // What a read keeps of its own answer (analytics' kept days: a view's days once worked out).
  'analytics.kept_views',
  'analytics.filtered_days',
  'analytics.filtered_day_parts',
  'analytics.goal_days',
  'analytics.funnel_days',
]);

/** Rows per table in every service schema: what "nothing stored" is checked against. */
async function rowCounts(): Promise<Record<string, number>> {
  const knex = stack.platform.db.knex;
  const tables = (await knex.raw(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'public')`,
  )) as { rows: { s: string; t: string }[] };
  const counts: Record<string, number> = {};
  for (const { s, t } of tables.rows) {
    if (BOOKKEEPING.has(`${s}.${t}`)) continue;
    const [row] = (await knex.withSchema(s).from(t).count({ n: '*' })) as { n: string | number }[];
    counts[`${s}.${t}`] = Number(row?.n ?? 0);
  }
  const [audited] = (await knex
    .withSchema('gateway')
    .from('audit_log')
    .whereNot({ outcome: 'failed' })
    .count({ n: '*' })) as { n: string | number }[];
  counts['gateway.audit_log (not failed)'] = Number(audited?.n ?? 0);
  return counts;
}

describe('fuzzing every route with hostile input', () => {
  it('answers every hostile request below 500, every write with a 4xx envelope, and stores nothing', async () => {
    const before = await rowCounts();
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    let cases = 0;
    const started = Date.now();
    const statuses = new Map<number, number>();
    for (const route of routes) {
      // A sign-in with a well-formed body costs a 128 MB password hash; its bodies are never well formed.
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (req) => {
          cases++;
          const res = await send(req).catch((err: unknown) => {
            throw new Error(`no answer (${String(err)}) to ${describeRequest(req)}`);
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const where = `${res.status} ${res.text.slice(0, 200)} for ${describeRequest(req)}`;
          expect(res.status, where).toBeLessThan(500);
          if (req.method !== 'GET') expect(res.status, where).toBeGreaterThanOrEqual(400);
          if (res.status >= 400 && req.path.startsWith('/api/')) expect(isEnvelope(res.text), where).toBe(true);
          // A pixel answers every hit with its GIF; a hostile one is dropped there, never published.
          if (res.status === 200 && req.path.startsWith('/api/analytics/'))
            expect(res.headers.get('x-pixel-dropped'), where).toBeTruthy();
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(
      `[fuzz] ${cases} cases over ${routes.length} routes in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(routes.length).toBeGreaterThanOrEqual(20);
    // Nothing stored, deleted or polluted; the process still serves.
    const after = await rowCounts();
    const changed = Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
    expect(Object.fromEntries(changed.map((t) => [t, `${before[t]} → ${after[t]}`]))).toEqual({});
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect((await fetch(`${stack.baseUrl}/healthz`)).status).toBe(200);
    expect((await stack.api('/api/marketing/auth/session', { token })).status).toBe(200);
  }, 240_000);
});
