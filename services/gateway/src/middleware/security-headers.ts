/**
 * Security headers on every gateway answer: a Content-Security-Policy that runs no inline script
 * (scripts come from this origin only; the pages' inline `<script>` elements are JSON data blocks,
 * which a browser never executes, and any executable inline script the web build ever emits is
 * allowed by its SHA-256 hash, computed at build time into `web/dist/server/csp.json`), who may
 * frame which page (`/embed`, the chrome-less lot map, by this site and the seller's own sites
 * named in EMBED_FRAME_ANCESTORS; everything else by this site only), nosniff, a referrer policy
 * and, in production, HSTS. A route may set a stricter policy of its own (media does for SVGs).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Middleware } from 'koa';
import { isStaffPath, site } from '@lp/contracts';
import type { GatewayState } from './request-context.ts';

export type SecurityHeaderOptions = {
  /** Origins besides this one that may frame `/embed` (e.g. `https://seller.example`). */
  embedFrameAncestors: readonly string[];
  /** Send Strict-Transport-Security (production). */
  hsts: boolean;
  /** `'sha256-…'` sources for executable inline scripts of the built pages. */
  scriptHashes: readonly string[];
};

/** Hosts the web app loads from besides its own origin: the video tour's player frame. */
const FRAME_SOURCES = ['https://www.youtube-nocookie.com'];

/** The hashes the web build wrote for its executable inline scripts ([] when none or not built). */
export function readScriptHashes(webDist: string): string[] {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(resolve(webDist), 'server', 'csp.json'), 'utf8'));
    const hashes = (parsed as { scriptHashes?: unknown }).scriptHashes;
    return Array.isArray(hashes)
      ? hashes.filter((h): h is string => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(h))
      : [];
  } catch {
    return [];
  }
}

/**
 * The policy for one page: who may frame it, and (the dashboard) pictures from any https host.
 * The dashboard shows e-mails in srcdoc frames (a template's preview, an inbox message), and a
 * srcdoc document is held to its page's policy as well as its own: a message's pictures live on
 * any host, and an inbox message's own policy allows them only once the reader clicks Show images.
 */
export function contentSecurityPolicy(
  frameAncestors: readonly string[],
  scriptHashes: readonly string[],
  { anyHttpsImage = false } = {},
): string {
  const imageHosts = anyHttpsImage ? ['https:'] : site.blogImageHosts.map((h) => `https://${h}`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    // React sets element styles through the CSSOM; a few rendered `style` attributes remain.
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", 'data:', 'blob:', site.origin, ...imageHosts].join(' '),
    "font-src 'self' data:",
    `connect-src 'self' ${site.origin}`,
    `frame-src 'self' ${FRAME_SOURCES.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

/** Parses EMBED_FRAME_ANCESTORS: origins separated by spaces or commas; anything else is refused. */
export function parseFrameAncestors(value: string): string[] | Error {
  const origins = value.split(/[\s,]+/).filter(Boolean);
  const bad = origins.filter((o) => !/^https?:\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i.test(o));
  return bad.length ? new Error(`not an origin (https://host[:port]): ${bad.join(', ')}`) : origins;
}

export function securityHeaders(options: SecurityHeaderOptions): Middleware<GatewayState> {
  const pagePolicy = contentSecurityPolicy(["'self'"], options.scriptHashes);
  const embedPolicy = contentSecurityPolicy(["'self'", ...options.embedFrameAncestors], options.scriptHashes);
  const dashboardPolicy = contentSecurityPolicy(["'self'"], options.scriptHashes, { anyHttpsImage: true });
  // JSON, images and files: nothing in them may run or be framed.
  const apiPolicy = "default-src 'none'; frame-ancestors 'none'";
  return async (ctx, next) => {
    const isApi = ctx.path.startsWith('/api/');
    const isEmbed = ctx.path === '/embed' || ctx.path === '/embed/';
    const policy = isApi ? apiPolicy : isEmbed ? embedPolicy : isStaffPath(ctx.path) ? dashboardPolicy : pagePolicy;
    ctx.set('Content-Security-Policy', policy);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Older browsers without frame-ancestors: same origin only (it has no allow-list for /embed).
    if (!isEmbed) ctx.set('X-Frame-Options', isApi ? 'DENY' : 'SAMEORIGIN');
    if (options.hsts) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}
