/**
 * `pnpm start`: makes sure the web app is built from the current sources (builds only when
 * web/dist is missing or was built from other sources, see web/scripts/build-hash.ts) and, on
 * a first start, creates the embedded database in a short-lived child process; both run side
 * by side. Then it runs the product in this process (scripts/start-embedded.ts). The package
 * script `exec`s node, so Ctrl-C or SIGTERM reach this process and end with the platform's
 * graceful shutdown and exit code 0.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { webBuildNeeded } from '../web/scripts/build-hash.ts';

const REPO = resolve(import.meta.dirname, '..');
const children = new Set<ChildProcess>();

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(command, args, { cwd: REPO, stdio: 'inherit', env });
  children.add(child);
  return new Promise((ok, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) ok();
      else fail(new Error(`${[command, ...args].join(' ')} ended with ${signal ?? `exit code ${code}`}`));
    });
  });
}

// Stopped before the product runs: end the children and leave quietly.
const stopEarly = (signal: NodeJS.Signals) => {
  for (const c of children) c.kill(signal);
  process.exit(0);
};
process.once('SIGINT', stopEarly);
process.once('SIGTERM', stopEarly);

const tasks: Promise<void>[] = [];
const defaultWebDist = !process.env.WEB_DIST || resolve(process.env.WEB_DIST) === resolve(REPO, 'web/dist');
const why = defaultWebDist ? webBuildNeeded(REPO) : null;
if (why) {
  process.stdout.write(`  Building the web app (${why})\n`);
  // Under pnpm, npm_execpath is pnpm's own script: no PATH lookup, same version.
  const pnpm = process.env.npm_execpath;
  // Always a production build: NODE_ENV=development or test (set for the product) would make
  // Vite bundle React's development build, twice the size.
  const env = { ...process.env, NODE_ENV: 'production' };
  tasks.push(
    pnpm && /pnpm/.test(pnpm)
      ? run(process.execPath, [pnpm, '--filter', '@lp/web', 'build'], env)
      : run('pnpm', ['--filter', '@lp/web', 'build'], env),
  );
}

const { parseConfig } = await import('@lp/runtime');
const { hasPgliteDataDir } = await import('@lp/runtime/db/create-pglite-data-dir');
const { GatewayConfigSchema } = await import('@lp/gateway/config');
const config = parseConfig(GatewayConfigSchema);
if (!config.DATABASE_URL && !hasPgliteDataDir(config.DATA_DIR))
  tasks.push(run(process.execPath, ['--import', 'tsx', 'scripts/create-data-dir.ts', resolve(config.DATA_DIR)]));

const results = await Promise.allSettled(tasks);
const failed = results.find((r) => r.status === 'rejected');
if (failed) {
  process.stderr.write(
    `  pnpm start: ${String(failed.reason instanceof Error ? failed.reason.message : failed.reason)}\n`,
  );
  process.exit(1);
}
process.off('SIGINT', stopEarly);
process.off('SIGTERM', stopEarly);
await import('./start-embedded.ts');
