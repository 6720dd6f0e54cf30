/**
 * `POST /api/marketing/blog/images`: a cover image sent as the raw request body with its
 * Content-Type (koa-body parses JSON only, so this reads the stream itself, refusing more than
 * 5 MB without buffering it). The bytes go to the content service in one request (handed over
 * through the bus's large payloads when over NATS's max_payload), which checks the magic bytes
 * and stores them; answers 201 `{ url, sha256, contentType, size }`.
 */
import type { Middleware } from 'koa';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES, RPC } from '@lp/contracts';
import { AppError, callRpc, giveBytes } from '@lp/runtime';
import { readCappedBody } from '../middleware/read-capped-body.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { askedBy, publishOrUnavailable, type GatewayDeps } from '../routes/context.ts';

const ACCEPTED = new Set<string>([...BLOG_IMAGE_TYPES, 'image/jpg', 'image/pjpeg']);

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `The image is larger than ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB`);

export function uploadBlogImage({ bus, counters }: GatewayDeps): Middleware<GatewayState> {
  return async (ctx) => {
    const declared = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if (!ACCEPTED.has(declared))
      throw new AppError(415, 'unsupported_media_type', 'Upload a JPEG, PNG, WebP, AVIF or GIF image');
    const cap = { limit: BLOG_IMAGE_MAX_BYTES, tooLarge, discardBudget: 16 * 1024 * 1024 };
    const data = await readCappedBody(ctx.req, cap).catch((err: unknown) => {
      ctx.set('Connection', 'close');
      throw err;
    });
    if (data.length === 0) throw new AppError(400, 'bad_request', 'Send the image file as the request body');

    const given = await publishOrUnavailable(
      () => giveBytes(bus, 'blog-image-upload', data),
      'The image could not be stored right now; please retry',
    );
    const image = await callRpc(
      bus,
      RPC.content.imageUploadComplete,
      { image: given, declaredType: declared },
      askedBy(ctx),
    ).catch(async (err: unknown) => {
      // Content deletes what it took, stored or refused; one it never answered waits for nobody.
      if ('key' in given) await bus.deleteLarge(given.key).catch(() => {});
      throw err;
    });
    counters.inc('gateway_blog_images_uploaded_total', { type: image.contentType });
    ctx.state.log.info({ sha256: image.sha256, size: image.size, type: image.contentType }, 'blog image stored');
    ctx.status = 201;
    ctx.set('Location', image.url);
    ctx.body = image;
  };
}
