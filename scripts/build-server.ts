/**
 * `pnpm build:server`: compiles the server side (contracts, every service, the operator scripts)
 * from TypeScript to plain JavaScript so production runs `node`, never tsx. Each package's
 * `src/x.ts` becomes `dist/x.js` beside it (so `node_modules` resolve as before and each
 * service's `migrations` folder sits where its code looks for it), `scripts/x.ts` becomes
 * `scripts/dist/x.js`. Import specifiers are rewritten to the compiled files: relative `.ts`
 * imports, `@lp/<package>` imports and quoted relative paths of source files (entry tables).
 * Then: `node scripts/dist/run-service.js <name>`, `node scripts/dist/migrate.js`.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Workspace packages by name: their folder (exports `.` → src/index.ts, `./x` → src/x.ts). */
const PACKAGES: Record<string, string> = {
  '@lp/contracts': 'contracts',
  '@lp/runtime': 'services/runtime',
  '@lp/gateway': 'services/gateway',
  '@lp/crm': 'services/crm',
  '@lp/mailer': 'services/mailer',
  '@lp/analytics': 'services/analytics',
  '@lp/content': 'services/content',
  '@lp/inventory': 'services/inventory',
};
const SCRIPTS = ['run-service.ts', 'migrate.ts', 'create-admin.ts', 'replay-dead-letter.ts', 'services.ts'];

/** Where a source file's compiled copy goes. */
export function outputOf(source: string): string {
  const rel = relative(ROOT, source).split(sep).join('/');
  for (const dir of Object.values(PACKAGES))
    if (rel.startsWith(`${dir}/src/`))
      return join(ROOT, dir, 'dist', rel.slice(`${dir}/src/`.length).replace(/\.ts$/, '.js'));
  if (rel.startsWith('scripts/'))
    return join(ROOT, 'scripts', 'dist', rel.slice('scripts/'.length).replace(/\.ts$/, '.js'));
  throw new Error(`${rel} is not compiled by build:server`);
}

/** The source file a specifier names, or null for npm packages and node builtins. */
function sourceOf(spec: string, from: string): string | null {
  if (spec.startsWith('.')) return spec.endsWith('.ts') ? resolve(dirname(from), spec) : null;
  const pkg = Object.keys(PACKAGES).find((p) => spec === p || spec.startsWith(`${p}/`));
  if (!pkg) return null;
  const sub = spec.slice(pkg.length);
  return join(ROOT, PACKAGES[pkg]!, 'src', sub ? `${sub.slice(1)}.ts` : 'index.ts');
}

function rewrite(code: string, source: string): string {
  const out = outputOf(source);
  const swap = (spec: string) => {
    const target = sourceOf(spec, source);
    if (!target) return spec;
    const rel = relative(dirname(out), outputOf(target)).split(sep).join('/');
    return rel.startsWith('.') ? rel : `./${rel}`;
  };
  return (
    code
      .replace(
        /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\2/g,
        (_m, pre: string, q: string, spec: string) => `${pre}${q}${swap(spec)}${q}`,
      )
      // Entry tables such as run-service's: a quoted relative path to a source file that exists.
      .replace(/(['"])(\.{1,2}\/[^'"\s]+\.ts)\1/g, (m, q: string, spec: string) =>
        existsSync(resolve(dirname(source), spec)) ? `${q}${swap(spec)}${q}` : m,
      )
  );
}

/** Files a package reads at run time beside its code (seed images, templates): copied as they are. */
function assetsUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return assetsUnder(full);
    return /\.(ts|tsx)$/.test(name) || /\.test\./.test(name) ? [] : [full];
  });
}

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

async function main() {
  const sources = [
    ...Object.values(PACKAGES).flatMap((dir) => {
      rmSync(join(ROOT, dir, 'dist'), { recursive: true, force: true });
      return sourcesUnder(join(ROOT, dir, 'src'));
    }),
    ...SCRIPTS.map((s) => join(ROOT, 'scripts', s)),
  ];
  rmSync(join(ROOT, 'scripts', 'dist'), { recursive: true, force: true });
  await Promise.all(
    sources.map(async (source) => {
      const { code } = await transform(readFileSync(source, 'utf8'), {
        loader: 'ts',
        format: 'esm',
        target: 'node20',
        sourcefile: relative(ROOT, source),
      });
      const out = outputOf(source);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, rewrite(code, source));
    }),
  );
  const assets = Object.values(PACKAGES).flatMap((dir) => assetsUnder(join(ROOT, dir, 'src')));
  for (const asset of assets) {
    const out = join(ROOT, relative(ROOT, asset).replace(`${sep}src${sep}`, `${sep}dist${sep}`));
    mkdirSync(dirname(out), { recursive: true });
    copyFileSync(asset, out);
  }
  console.log(`build:server: ${sources.length} files compiled, ${assets.length} assets copied to dist/`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
