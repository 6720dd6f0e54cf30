/**
 * `GET /media/<sha256>.<ext>`: images stored by the content service, fetched over NATS (handed
 * over through the bus's large payloads when large) and kept in a bounded in-memory cache (they
 * are content-addressed, so never stale).
 * Served with a year-long immutable Cache-Control, the hash as ETag (304 without a lookup),
 * and a sandboxing CSP so an image opened directly can never run script.
 */
import { createHash } from 'node:crypto';
import { IMAGE_EXTENSIONS, MEDIA_PATH_PATTERN, RPC, type StoredImageType } from '@lp/contracts';
import { AppError, callRpc, notFound, type Bus, type RpcCallOptions } from '@lp/runtime';
import { isNotModified } from './http-cache.ts';
import { type GatewayDeps, askedBy, createRouter, takeGivenBytes } from '../routes/context.ts';

const CACHE_MAX_BYTES = 64 * 1024 * 1024;

type Image = { contentType: StoredImageType; data: Buffer };

/** Least-recently-used images, at most CACHE_MAX_BYTES in all. */
class ImageCache {
  private readonly items = new Map<string, Image>();
  private bytes = 0;

  get(sha: string): Image | undefined {
    const hit = this.items.get(sha);
    if (hit) {
      this.items.delete(sha);
      this.items.set(sha, hit);
    }
    return hit;
  }

  set(sha: string, image: Image): void {
    if (image.data.length > CACHE_MAX_BYTES / 8) return;
    this.items.set(sha, image);
    this.bytes += image.data.length;
    for (const [key, old] of this.items) {
      if (this.bytes <= CACHE_MAX_BYTES) break;
      this.items.delete(key);
      this.bytes -= old.data.length;
    }
  }
}

async function fetchImage(bus: Bus, sha256: string, asked: RpcCallOptions): Promise<Image> {
  const stored = await callRpc(bus, RPC.content.imageRead, { sha256 }, asked);
  const data = await takeGivenBytes(bus, stored.image);
  if (createHash('sha256').update(data).digest('hex') !== sha256)
    throw new AppError(502, 'internal', 'Stored image does not match its hash');
  return { contentType: stored.contentType, data };
}

export function mediaRoutes({ bus }: GatewayDeps) {
  const router = createRouter();
  const cache = new ImageCache();

  router.get('/media/:file', async (ctx) => {
    const m = MEDIA_PATH_PATTERN.exec(`/media/${ctx.params.file ?? ''}`);
    if (!m) throw notFound('Image not found');
    const [, sha256, ext] = m as unknown as [string, string, string];
    const etag = `"${sha256}"`;
    // Headers only once the answer is known: a 404 must not be cached for a year.
    const setCacheHeaders = () => {
      ctx.set('ETag', etag);
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    };
    // Content-addressed: a matching ETag is current without asking the content service.
    if (isNotModified(ctx.get('if-none-match'), '', etag, new Date(0))) {
      setCacheHeaders();
      ctx.status = 304;
      return;
    }
    let image = cache.get(sha256);
    if (!image) {
      image = await fetchImage(bus, sha256, askedBy(ctx));
      cache.set(sha256, image);
    }
    if (IMAGE_EXTENSIONS[image.contentType] !== ext) throw notFound('Image not found');
    setCacheHeaders();
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    ctx.type = image.contentType;
    ctx.body = image.data;
  });

  return router;
}
