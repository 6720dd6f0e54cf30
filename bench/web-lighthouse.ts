/**
 * Lighthouse (mobile preset) over the public pages of the built web app (`pnpm build` first).
 * Runs the one-process product on a fresh data folder (the gateway serves the prerendered pages
 * and renders the pages showing lots per request, as in production), drives Debian's Chromium
 * through its DevTools port (no browser download, no chrome-launcher) and prints each page's
 * scores, CLS, LCP, TBT and the gzipped JavaScript it downloaded. Usage: `pnpm bench:web`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../tests/support/browser.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'web/dist/client');
const PAGES = ['/', '/market', '/investment', '/builder-package-1', '/contact', '/map', '/lots/13'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9333);
/**
 * The product itself (embedded, on a fresh data folder): the pages showing lots are rendered by
 * the gateway per request, so they are measured as visitors get them.
 */
async function startProduct(): Promise<{ stop: () => Promise<void>; origin: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-lh-data-'));
  const port = Number(process.env.LH_PORT ?? 3198);
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'scripts/start-embedded.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with ${child.exitCode}`);
    if (
      await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startChromium(): Promise<() => Promise<void>> {
  const profile = mkdtempSync(join(tmpdir(), 'lp-lh-'));
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return async () => {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
    rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
}

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsGzipKb: number;
};

async function audit(url: string, page: string): Promise<Row> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    skipAudits: ['full-page-screenshot'],
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories: c, audits: a } = result.lhr;
  const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
  const items =
    (a['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
      ?.items ?? [];
  const js = items.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + (i.transferSize ?? 0), 0);
  for (const [id, audit] of Object.entries(a)) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
      console.log(`  ${page}: failing audit ${id}: ${audit.title}`);
  }
  return {
    page,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: Number((a['cumulative-layout-shift']?.numericValue ?? 0).toFixed(4)),
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
    jsGzipKb: Number((js / 1024).toFixed(1)),
  };
}

if (!existsSync(join(CLIENT, 'index.html'))) throw new Error('web/dist/client missing: run `pnpm build` first');
const { stop: stopProduct, origin } = await startProduct();
const stopChromium = await startChromium();
const rows: Row[] = [];
try {
  for (const page of PAGES) {
    const row = await audit(`${origin}${page}`, page);
    rows.push(row);
    console.log(JSON.stringify(row));
  }
} finally {
  await stopChromium();
  await stopProduct();
}
console.table(rows);
const home = rows.find((r) => r.page === '/');
console.log(`JS downloaded by / (gzip): ${home?.jsGzipKb} KB; max CLS: ${Math.max(...rows.map((r) => r.cls))}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/web-lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), rows }, null, 2),
);
