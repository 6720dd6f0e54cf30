/**
 * Which real backends the integration and browser tests use, decided once per run:
 * 1. TEST_DATABASE_URL + TEST_NATS_URL when given;
 * 2. else testcontainers (Postgres, NATS with JetStream) when a container runtime answers;
 * 3. else PostgreSQL and NATS already running on this machine's default ports;
 * 4. else none: the real-backend suites are skipped with the reason printed — except under
 *    CI=true, where real backends are mandatory and their absence fails the run.
 */
import { connect as tcpConnect } from 'node:net';
import pg from 'pg';

export type RealBackends = { databaseUrl: string; natsUrl: string; source: string; stop?: () => Promise<void> };

const reachable = (host: string, port: number, timeoutMs = 500) =>
  new Promise<boolean>((resolve) => {
    const s = tcpConnect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });

async function postgresAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

async function fromTestcontainers(): Promise<RealBackends | string> {
  try {
    const { getContainerRuntimeClient, GenericContainer, Wait } = await import('testcontainers');
    await getContainerRuntimeClient();
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const [pgC, natsC] = await Promise.all([
      new PostgreSqlContainer('postgres:16-alpine').start(),
      new GenericContainer('nats:2.10-alpine')
        .withCommand(['-js'])
        .withExposedPorts(4222)
        .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
        .start(),
    ]);
    return {
      databaseUrl: pgC.getConnectionUri(),
      natsUrl: `nats://${natsC.getHost()}:${natsC.getMappedPort(4222)}`,
      source: 'testcontainers',
      stop: async () => {
        await Promise.all([pgC.stop(), natsC.stop()]);
      },
    };
  } catch (err) {
    return `no container runtime (${(err as Error).message.split('\n')[0]})`;
  }
}

export async function resolveRealBackends(env = process.env): Promise<RealBackends | { unavailable: string }> {
  if (env.TEST_DATABASE_URL && env.TEST_NATS_URL)
    return { databaseUrl: env.TEST_DATABASE_URL, natsUrl: env.TEST_NATS_URL, source: 'environment' };
  const tc = await fromTestcontainers();
  if (typeof tc !== 'string') return tc;
  const localPg = 'postgres://postgres@127.0.0.1:5432/postgres';
  if ((await reachable('127.0.0.1', 4222)) && (await postgresAnswers(localPg)))
    return { databaseUrl: localPg, natsUrl: 'nats://127.0.0.1:4222', source: 'local services' };
  return { unavailable: `${tc}; no PostgreSQL on 127.0.0.1:5432 and NATS on 127.0.0.1:4222 either` };
}
