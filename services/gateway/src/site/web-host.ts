/**
 * Serves the built web app (docs/web-gateway-contract.md): prerendered public pages, hashed
 * assets with year-long caching, the dashboard shell for /marketing*, and the prerendered
 * not-found page with HTTP 404. Text files are sent brotli- or gzip-compressed as the
 * request's Accept-Encoding (q-values included) allows, with `Vary: Accept-Encoding` and one
 * ETag per encoding. The compressed copies come from the build (`web/scripts/precompress.ts`
 * writes `x.br` and `x.gz` beside `x`; they are no addresses of their own), else are made on
 * first use; everything is kept in memory, as the build does not change under a running process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import type { GatewayState } from '../middleware/request-context.ts';
import { isNotModified } from './http-cache.ts';

type Entry = { body: Buffer; br?: Buffer; gz?: Buffer; etag: string; type: string; mtime: Date };
type Coding = 'br' | 'gzip' | 'identity';

const TEXT = /\.(html|js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
const PRECOMPRESSED = /\.(br|gz)$/;

/** The build's compressed copy of a file, when it is there and not older than the file. */
function readCopy(file: string, st: Stats): Buffer | undefined {
  try {
    const copy = statSync(file);
    return copy.isFile() && copy.mtimeMs >= st.mtimeMs ? readFileSync(file) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The content coding to send, from an Accept-Encoding header (RFC 9110 §12.5.3): the highest
 * q-value among br, gzip and identity; on a tie br, then gzip. `*` stands for any coding not
 * named; `q=0` refuses one. Identity is the answer when nothing else is acceptable.
 */
export function negotiateEncoding(header: string, available: { br: boolean; gzip: boolean }): Coding {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  const star = q.get('*');
  // Unnamed identity is acceptable but least preferred: `br;q=0.8` still means "br, please".
  const weight = (c: Coding) => q.get(c) ?? star ?? (c === 'identity' ? 0.001 : 0);
  let best: Coding = 'identity';
  for (const c of ['gzip', 'br'] as const) if (available[c] && weight(c) > 0 && weight(c) >= weight(best)) best = c;
  return best;
}

/** One `/`, then neither `/` nor `\`: a path on this origin, never a protocol-relative URL. */
// Control characters too: browsers drop tabs and newlines, so `/\t/host` reads as `//host`.
// eslint-disable-next-line no-control-regex
export const isSameOriginPath = (target: string) => /^\/(?![/\\])/.test(target) && !/[\u0000-\u001f]/.test(target);

export function createWebHost(distDir: string): { middleware: Middleware<GatewayState>; ready: boolean } {
  const root = resolve(distDir, 'client');
  const ready = existsSync(join(root, 'index.html'));
  const cache = new Map<string, Entry>();

  const load = (file: string): Entry | null => {
    const cached = cache.get(file);
    if (cached) return cached;
    let entry: Entry | null = null;
    try {
      const st = statSync(file);
      if (st.isFile()) {
        const body = readFileSync(file);
        const compressible = TEXT.test(file) && body.length > 512;
        entry = {
          body,
          etag: createHash('sha1').update(body).digest('base64url').slice(0, 20),
          type: extname(file),
          mtime: st.mtime,
          ...(compressible
            ? {
                br:
                  readCopy(`${file}.br`, st) ??
                  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
                gz: readCopy(`${file}.gz`, st) ?? gzipSync(body, { level: 9 }),
              }
            : {}),
        };
      }
    } catch {
      entry = null;
    }
    // Only files are kept: caching misses would let any crawler of random paths grow the map.
    if (entry) cache.set(file, entry);
    return entry;
  };

  const inside = (p: string) => {
    const full = normalize(join(root, p));
    return full === root || full.startsWith(root + sep) ? full : null;
  };

  const middleware: Middleware<GatewayState> = async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    if (!ready) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet. Run `pnpm build` (or `pnpm start`, which builds first).';
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(ctx.path);
    } catch {
      path = '/__invalid__';
    }
    const isDashboard = path === '/marketing' || path.startsWith('/marketing/');
    // The files behind the pages are no addresses of their own: `/market/index.html` would show
    // the app's not-found screen once it hydrates. Send them to the page's one address.
    if (!isDashboard && path.endsWith('/index.html')) {
      const target = path.slice(0, -'/index.html'.length) || '/';
      // Only a path on this site: `//host` or `/\host` would send the visitor to another one.
      if (isSameOriginPath(target)) {
        ctx.status = 301;
        ctx.redirect(`${target}${ctx.search}`);
        return;
      }
    }
    const candidates = isDashboard
      ? ['/marketing/index.html']
      : path.endsWith('/')
        ? [`${path}index.html`]
        : [path, `${path}/index.html`];
    let entry: Entry | null = null;
    for (const c of candidates) {
      // No dot-segments and no hidden files or folders (e.g. Vite's .vite/manifest.json).
      // Nor the build's compressed copies (`x.js.br`): they are sent for `x.js`.
      if (c.includes('\0') || /(^|\/)\./.test(c) || PRECOMPRESSED.test(c)) continue;
      const full = inside(c);
      if (full && !/\/(404|__spa-fallback)\.html$/.test(full)) entry = load(full);
      if (entry) break;
    }
    let status = 200;
    if (!entry) {
      entry = load(join(root, '404.html'));
      status = 404;
      if (!entry) return next();
    }
    const isHtml = entry.type === '.html';
    ctx.set(
      'Cache-Control',
      // A missing asset is a 404 page that may exist later: never cached as immutable.
      status === 200 && path.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : isHtml
          ? 'no-cache'
          : 'public, max-age=3600',
    );
    if (isDashboard) ctx.set('X-Robots-Tag', 'noindex');
    const coding = negotiateEncoding(ctx.get('accept-encoding'), { br: Boolean(entry.br), gzip: Boolean(entry.gz) });
    // A strong ETag names exact bytes, so each encoding has its own (RFC 9110 §8.8.3).
    const etag = `"${entry.etag}${coding === 'identity' ? '' : `-${coding === 'br' ? 'br' : 'gz'}`}"`;
    ctx.set('ETag', etag);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.lastModified = entry.mtime;
    ctx.status = status;
    ctx.type = entry.type;
    if (status === 200 && isNotModified(ctx.get('if-none-match'), ctx.get('if-modified-since'), etag, entry.mtime)) {
      ctx.status = 304;
      return;
    }
    if (coding !== 'identity') ctx.set('Content-Encoding', coding);
    ctx.body = coding === 'br' ? entry.br : coding === 'gzip' ? entry.gz : entry.body;
  };
  return { middleware, ready };
}
