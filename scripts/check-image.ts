/**
 * `pnpm check:image [image]` (default `lake-powell-lots`): checks a built image the way an
 * operator relies on it, on a machine with a Docker daemon and the local PostgreSQL and NATS
 * (`CHECK_DATABASE_URL`, `CHECK_NATS_URL`; a database and a bus namespace of its own, removed
 * after). Containers use the host network, so they reach those servers as the host does.
 * - the image: its size, the user it runs as (not root), tini as entrypoint, a health check,
 *   NODE_ENV=production, no credentials in its environment, no tsx/Vite/Vitest installed;
 * - `node scripts/dist/migrate.js` migrates a fresh database and exits 0;
 * - a container of every service (crm, mailer, analytics, content, inventory, gateway) becomes
 *   healthy (Docker's own HEALTHCHECK on /readyz), the gateway serves a page and a contact form
 *   whose submission crm stores, PID 1 is tini and node runs as uid 1000;
 * - `docker stop` ends each container with exit code 0 within 10 s.
 * Prints one line per check and exits 1 if any failed.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, deleteNatsNamespace, sleep } from '../bench/support/processes.ts';

const IMAGE = process.argv[2] ?? 'lake-powell-lots';
const DATABASE_URL = process.env.CHECK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.CHECK_NATS_URL ?? 'nats://127.0.0.1:4222';
const PORT = 3600 + Math.floor(Math.random() * 300);

const results: { ok: boolean; line: string }[] = [];
const check = (ok: boolean, line: string) => {
  results.push({ ok, line });
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${line}\n`);
};

function docker(args: string[], timeoutMs = 120_000): { status: number | null; out: string; err: string } {
  const r = spawnSync('docker', args, { encoding: 'utf8', timeout: timeoutMs });
  return { status: r.status, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
}

type Inspect = {
  Size: number;
  Config: {
    User: string;
    Entrypoint: string[] | null;
    Cmd: string[] | null;
    Env: string[];
    Healthcheck?: { Test: string[] };
  };
};

const info = docker(['image', 'inspect', IMAGE]);
if (info.status !== 0) {
  process.stderr.write(`docker image inspect ${IMAGE} failed: ${info.err || info.out}\n`);
  process.exit(1);
}
const [image] = JSON.parse(info.out) as [Inspect];
const env = Object.fromEntries(image.Config.Env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
check(true, `image ${IMAGE}: ${(image.Size / 1e6).toFixed(0)} MB`);
check(
  image.Config.User !== '' && image.Config.User !== 'root' && image.Config.User !== '0',
  `runs as user "${image.Config.User}"`,
);
check(
  (image.Config.Entrypoint ?? []).join(' ').includes('tini'),
  `entrypoint: ${(image.Config.Entrypoint ?? []).join(' ')}`,
);
check(Boolean(image.Config.Healthcheck?.Test.join(' ').includes('/readyz')), 'health check asks /readyz');
check(env.NODE_ENV === 'production', `NODE_ENV=${env.NODE_ENV ?? ''}`);
const secretish = Object.keys(env).filter((k) => /PASSWORD|SECRET|TOKEN|DATABASE_URL|SMTP_URL/.test(k));
check(
  secretish.length === 0,
  `no credentials in the image's environment${secretish.length ? `: ${secretish.join(', ')}` : ''}`,
);
const devTools = docker([
  'run',
  '--rm',
  '--network',
  'none',
  '--entrypoint',
  'sh',
  IMAGE,
  '-c',
  'ls node_modules/.pnpm | grep -E "^(tsx|vite|vitest|@vitejs)[@+]" || true',
]);
check(devTools.status === 0 && devTools.out === '', `no dev tools installed${devTools.out ? `: ${devTools.out}` : ''}`);

const db = await createDatabase(DATABASE_URL, 'lp_image_check');
const ns = `img${randomBytes(3).toString('hex')}`;
// Every process the image runs; the gateway last (it needs the streams the services create).
const SERVICES = ['crm', 'mailer', 'analytics', 'content', 'inventory', 'gateway'] as const;
const nameOf = (service: string) => `lp-check-${service}-${ns}`;
const runEnv = [
  ['DATABASE_URL', db.url],
  ['NATS_URL', NATS_URL],
  ['BUS_NAMESPACE', ns],
  ['LOG_LEVEL', 'warn'],
  ['COOKIE_SECURE', 'false'],
].flatMap(([k, v]) => ['-e', `${k}=${v}`]);

try {
  const migrate = docker(['run', '--rm', '--network', 'host', ...runEnv, IMAGE, 'node', 'scripts/dist/migrate.js']);
  check(migrate.status === 0, `migrate: exit ${migrate.status}${migrate.status ? ` ${migrate.err.slice(-300)}` : ''}`);

  const started = SERVICES.map((service, i) =>
    docker([
      'run',
      '-d',
      '--name',
      nameOf(service),
      '--network',
      'host',
      ...runEnv,
      '-e',
      `SERVICE=${service}`,
      '-e',
      `HEALTH_PORT=${PORT + 1 + i}`,
      ...(service === 'gateway' ? ['-e', `PORT=${PORT}`] : []),
      IMAGE,
    ]),
  );
  check(
    started.every((s) => s.status === 0),
    `containers started: ${SERVICES.join(', ')}`,
  );

  const health = (service: string) => docker(['inspect', '-f', '{{.State.Health.Status}}', nameOf(service)]).out;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && SERVICES.some((s) => health(s) !== 'healthy')) await sleep(1000);
  const states = SERVICES.map((s) => `${s} ${health(s)}`);
  check(
    SERVICES.every((s) => health(s) === 'healthy'),
    `Docker health: ${states.join(', ')}`,
  );

  const base = `http://127.0.0.1:${PORT}`;
  const page = await fetch(`${base}/market`).catch(() => null);
  check(page?.status === 200, `GET /market → ${page?.status ?? 'no answer'}`);
  const lead = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ann', lastName: 'Lee', phone: '928-555-0100', email: 'ann@example.com' }),
  }).catch(() => null);
  check(lead?.status === 201, `POST /api/contact → ${lead?.status ?? 'no answer'}`);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let stored = 0;
  for (let i = 0; i < 30 && stored === 0; i++) {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from crm.form_submissions');
    stored = Number(rows[0]?.n);
    if (stored === 0) await sleep(500);
  }
  await client.end();
  check(stored === 1, `the submission stored by crm (${stored} row)`);

  const pid1 = docker(['exec', nameOf('gateway'), 'cat', '/proc/1/cmdline'])
    .out.replace(/\0/g, ' ')
    .trim();
  check(pid1.includes('tini'), `PID 1: ${pid1}`);
  const nodeUid = docker(['exec', nameOf('gateway'), 'sh', '-c', 'id -u']).out;
  check(nodeUid === '1000', `processes run as uid ${nodeUid}`);

  // Stopped one after the other, the gateway first (as a rolling update would), each timed.
  for (const service of [...SERVICES].reverse()) {
    const t0 = Date.now();
    docker(['stop', '-t', '10', nameOf(service)], 30_000);
    const seconds = (Date.now() - t0) / 1000;
    const code = docker(['inspect', '-f', '{{.State.ExitCode}}', nameOf(service)]).out;
    check(code === '0' && seconds < 10, `docker stop ${service}: exit ${code} after ${seconds.toFixed(1)} s`);
  }
} finally {
  for (const service of SERVICES) docker(['rm', '-f', nameOf(service)]);
  await db.drop().catch(() => {});
  await deleteNatsNamespace(NATS_URL, ns).catch(() => {});
}

const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`${results.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
