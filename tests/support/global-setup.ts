/**
 * Runs once per test run: resolves the real backends and hands them to every test file
 * through `inject('realBackends')`. Under CI=true their absence fails the run here.
 */
import type { TestProject } from 'vitest/node';
import { resolveRealBackends } from './backends.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    realBackends: { databaseUrl: string; natsUrl: string; source: string } | { unavailable: string };
  }
}

export default async function setup(project: TestProject) {
  const r = await resolveRealBackends();
  if ('unavailable' in r) {
    if (process.env.CI === 'true')
      throw new Error(`CI=true requires real PostgreSQL and NATS (JetStream): ${r.unavailable}`);
    process.stdout.write(`\n[tests] real Postgres + NATS suites skipped: ${r.unavailable}\n\n`);
    project.provide('realBackends', r);
    return;
  }
  process.stdout.write(`\n[tests] real backends from ${r.source}: ${r.natsUrl}\n`);
  project.provide('realBackends', { databaseUrl: r.databaseUrl, natsUrl: r.natsUrl, source: r.source });
  return async () => {
    await r.stop?.();
  };
}
