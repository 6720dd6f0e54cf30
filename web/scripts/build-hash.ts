/**
 * What the web build is made from, as one hash: every file but tests under web/src,
 * web/public, web/scripts and contracts/src (site facts and schemas end up in pages and
 * bundles), the web app's configuration files and the lockfile. `pnpm build` records it in web/dist/build-hash
 * when it has finished; `pnpm start` builds again only when the recorded hash differs.
 * `node --import tsx web/scripts/build-hash.ts --record` records it (the last build step).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['web/src', 'web/public', 'web/scripts', 'contracts/src'];
const FILES = [
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'web/tsconfig.json',
  'contracts/package.json',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
];
/** Tests and their helpers are no part of the build. */
const NOT_BUILT = /\.test\.[cm]?[jt]sx?$|^web\/src\/test\//;
/** Outputs the gateway needs; a build missing one is no build. */
const OUTPUTS = ['client/index.html', 'client/404.html', 'server/entry-server.js', 'server/page-shell.json'];

function filesUnder(root: string, folder: string): string[] {
  const full = join(root, folder);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((f) => join(folder, f).split('\\').join('/'))
    .filter((f) => !NOT_BUILT.test(f) && statSync(join(root, f)).isFile());
}

/** SHA-256 over the paths and bytes of every build input, in a stable order. */
export function hashWebSources(root = REPO): string {
  const files = [...FOLDERS.flatMap((d) => filesUnder(root, d)), ...FILES.filter((f) => existsSync(join(root, f)))]
    .map((f) => relative(root, join(root, f)).split('\\').join('/'))
    .sort();
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(root, f)))
      .update('\0');
  return hash.digest('hex');
}

const recordFile = (root: string) => join(root, 'web/dist/build-hash');

export function recordWebBuild(root = REPO): string {
  const hash = hashWebSources(root);
  writeFileSync(recordFile(root), `${hash}\n`);
  return hash;
}

/** Why the web app must be built, or null when web/dist is complete and built from these sources. */
export function webBuildNeeded(root = REPO): string | null {
  const missing = OUTPUTS.find((o) => !existsSync(join(root, 'web/dist', o)));
  if (missing) return `web/dist/${missing} is missing`;
  if (!existsSync(recordFile(root))) return 'no record of the sources web/dist was built from';
  if (readFileSync(recordFile(root), 'utf8').trim() !== hashWebSources(root)) return 'the web sources changed';
  return null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && process.argv.includes('--record'))
  process.stdout.write(`build-hash: ${recordWebBuild()}\n`);
