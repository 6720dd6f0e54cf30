/**
 * The node arguments of the product's own commands, read from package.json, so a bench runs
 * exactly what users run: `pnpm start` (`exec node <flags> <entry>`) and `pnpm service <name>`
 * (`exec node <flags> <entry>` + the service's name).
 */
import { readFileSync } from 'node:fs';

function nodeArgsOf(script: string): string[] {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const m = pkg.scripts[script]?.match(/^(?:exec )?node (.+)$/);
  if (!m) throw new Error(`package.json's ${script} script is not "node …": ${pkg.scripts[script]}`);
  return m[1]!.split(/\s+/);
}

/** `pnpm start`'s node arguments. */
export const pnpmStartArgs = (): string[] => nodeArgsOf('start');

/** `pnpm service <name>`'s node arguments; `extraFlags` (e.g. `--cpu-prof`) go before the entry. */
export const pnpmServiceArgs = (name: string, extraFlags: readonly string[] = []): string[] => [
  ...extraFlags,
  ...nodeArgsOf('service'),
  name,
];

/**
 * The environment of a product process a test spawns: the test's own, without the runner's
 * NODE_OPTIONS (its loaders are not the product's), with the stack's database and bus, then `env`.
 */
export const productProcessEnv = (
  backends: { DATABASE_URL: string; NATS_URL: string; BUS_NAMESPACE: string },
  env: Record<string, string> = {},
): Record<string, string> => ({ ...(process.env as Record<string, string>), NODE_OPTIONS: '', ...backends, ...env });
