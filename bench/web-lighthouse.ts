/**
 * Lighthouse (mobile preset) over the five main public pages, the map and a lot page of the product itself: starts
 * `pnpm start` (build check included) on a temporary DATA_DIR and its own port, waits until
 * `GET /` answers 200, drives Debian's Chromium through its DevTools port (no browser download,
 * no chrome-launcher) and prints each page's scores, FCP, LCP, speed index, TBT, CLS and the
 * compressed JavaScript it downloaded, then stops the product with SIGTERM.
 * Usage: `pnpm bench:web` (LH_PORT picks the product's port, default 3198).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../tests/support/browser.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PAGES = ['/', '/market', '/investment', '/builder-package-1', '/contact', '/map', '/lots/13'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9333);
const PRODUCT_PORT = Number(process.env.LH_PORT ?? 3198);

/** `pnpm start` in its own process group, on a fresh data folder; resolves once `/` answers 200. */
async function startProduct(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-lh-data-'));
  const origin = `http://127.0.0.1:${PRODUCT_PORT}`;
  const child: ChildProcess = spawn('pnpm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PRODUCT_PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  const exited = once(child, 'exit');
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    stop: async () => {
      process.kill(-child.pid!, 'SIGTERM');
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
  fcpMs: number;
  lcpMs: number;
  siMs: number;
  tbtMs: number;
  jsKb: number;
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
    fcpMs: Math.round(a['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(a['largest-contentful-paint']?.numericValue ?? 0),
    siMs: Math.round(a['speed-index']?.numericValue ?? 0),
    tbtMs: Math.round(a['total-blocking-time']?.numericValue ?? 0),
    jsKb: Number((js / 1024).toFixed(1)),
  };
}

const product = await startProduct();
const rows: Row[] = [];
try {
  const stopChromium = await startChromium();
  try {
    for (const page of PAGES) {
      const row = await audit(`${product.origin}${page}`, page);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await stopChromium();
  }
} finally {
  await product.stop();
}
console.table(rows);
const home = rows.find((r) => r.page === '/');
console.log(`JS downloaded by / (compressed): ${home?.jsKb} KB; max CLS: ${Math.max(...rows.map((r) => r.cls))}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/web-lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), target: 'pnpm start', rows }, null, 2),
);
