/**
 * Lighthouse (mobile preset) over the public pages of the built web app (`pnpm build` first).
 * Serves `web/dist/client` with a tiny static server that follows the gateway contract (gzip,
 * immutable assets, 404.html, analytics pixels answered with a GIF), drives Debian's Chromium
 * through its DevTools port (no browser download, no chrome-launcher) and prints each page's
 * scores, CLS, LCP, TBT and the gzipped JavaScript it downloaded. Usage: `pnpm bench:web`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from '../tests/support/browser.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = join(ROOT, 'web/dist/client');
const PAGES = ['/', '/market', '/investment', '/builder-package-1', '/contact'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9333);
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
};
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function fileFor(path: string): { file: string; status: number } {
  const safe = normalize(decodeURIComponent(path)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [join(CLIENT, safe), join(CLIENT, safe, 'index.html')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return { file: candidate, status: 200 };
  }
  if (path === '/marketing' || path.startsWith('/marketing/'))
    return { file: join(CLIENT, 'marketing/index.html'), status: 200 };
  return { file: join(CLIENT, '404.html'), status: 404 };
}

function startServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname.startsWith('/api/analytics/')) {
      res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
      return res.end(GIF);
    }
    if (pathname.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end('{"error":{"message":"Not found","code":"not_found"}}');
    }
    const { file, status } = fileFor(pathname);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const body = readFileSync(file);
    const headers: Record<string, string> = { 'content-type': type };
    headers['cache-control'] = pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    const compress = /text|javascript|json|xml|svg/.test(type) && /gzip/.test(String(req.headers['accept-encoding']));
    if (compress) headers['content-encoding'] = 'gzip';
    res.writeHead(status, headers);
    res.end(compress ? gzipSync(body) : body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ server, origin: `http://127.0.0.1:${port}` });
    }),
  );
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
const { server, origin } = await startServer();
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
  server.close();
}
console.table(rows);
const home = rows.find((r) => r.page === '/');
console.log(`JS downloaded by / (gzip): ${home?.jsGzipKb} KB; max CLS: ${Math.max(...rows.map((r) => r.cls))}`);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/web-lighthouse.json'),
  JSON.stringify({ at: new Date().toISOString(), rows }, null, 2),
);
