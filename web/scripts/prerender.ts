/**
 * Build step 3 of 3: renders every public route of the route table with the server entry into
 * `dist/client/<route>/index.html`, plus `404.html`, the dashboard shell `marketing/index.html`
 * (noindex, no content), `sitemap.xml` and `robots.txt` (docs/web-gateway-contract.md).
 * Each page preloads its own chunk so hydration starts without a round trip. Last, the SHA-256
 * hashes of every executable inline script in what it wrote (the shell included) go to
 * `dist/server/csp.json`, which the gateway's Content-Security-Policy allows (inline JSON data
 * blocks are never executed and need none).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { site } from '@lp/contracts/site';

type RenderResult = { html: string; head: string; status: number };
type ServerEntry = {
  render: (url: string, opts?: { data?: Record<string, unknown> }) => Promise<RenderResult>;
  PUBLIC_ROUTES: ReadonlyArray<{ path: string; page: string }>;
  prerenderPaths: () => string[];
  requestRenderedPages: () => string[];
  sitemapPaths: () => string[];
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const dist = resolve(import.meta.dirname, '..', 'dist');
const clientDir = join(dist, 'client');

const template = await readFile(join(clientDir, 'index.html'), 'utf8');
const manifest = JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const entry = (await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href)) as ServerEntry;

/** modulepreload links for a page chunk and its static imports, minus the entry's own. */
function preloadLinks(page: string): string {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const skip = new Set<string>([entryKey ?? '', ...(manifest[entryKey ?? '']?.imports ?? [])]);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(key) || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(`src/app/routes/${page}.tsx`);
  return [...files].map((f) => `\n    <link rel="modulepreload" crossorigin href="/${f}" />`).join('');
}

function fill(head: string, html: string): string {
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
}

const scriptHashes = new Set<string>();
/** Notes the CSP hash of each inline script a browser would execute (no src; a JavaScript type). */
function hashInlineScripts(html: string): void {
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    const executable = !type || type === 'module' || /^(text|application)\/(javascript|ecmascript)$/.test(type);
    if (/\bsrc\s*=/i.test(attrs) || !executable || !m[2]) continue;
    scriptHashes.add(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
  }
}

async function write(relPath: string, content: string): Promise<void> {
  if (relPath.endsWith('.html')) hashInlineScripts(content);
  const file = join(clientDir, relPath);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
  console.log(`prerender: ${relPath}`);
}

for (const path of entry.prerenderPaths()) {
  const route = entry.PUBLIC_ROUTES.find((r) => r.path === path);
  const { html, head, status } = await entry.render(path);
  if (status !== 200) throw new Error(`${path} rendered with status ${status}`);
  const out = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
  await write(out, fill(head + (route ? preloadLinks(route.page) : ''), html));
}

// Pages the gateway renders per request: the HTML shell and each page's preload links.
const shell = {
  template,
  preload: Object.fromEntries(entry.requestRenderedPages().map((page) => [page, preloadLinks(page)])),
};
await mkdir(join(dist, 'server'), { recursive: true });
await writeFile(join(dist, 'server', 'page-shell.json'), JSON.stringify(shell));
hashInlineScripts(template);
console.log('prerender: ../server/page-shell.json');

const notFound = await entry.render('/404');
await write('404.html', fill(notFound.head, notFound.html));

const dashboard = await entry.render('/marketing');
await write('marketing/index.html', fill(dashboard.head, ''));

const urls = entry
  .sitemapPaths()
  .map((p) => `  <url>\n    <loc>${site.origin}${p}</loc>\n  </url>`)
  .join('\n');
await write(
  'sitemap.xml',
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
);
await write(
  'robots.txt',
  `User-agent: *\nAllow: /\nDisallow: /marketing\nDisallow: /api/\n\nSitemap: ${site.origin}/sitemap.xml\n`,
);

await writeFile(join(dist, 'server', 'csp.json'), JSON.stringify({ scriptHashes: [...scriptHashes].sort() }));
console.log(`prerender: ../server/csp.json (${scriptHashes.size} inline script hash(es))`);
