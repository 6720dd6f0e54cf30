/**
 * `POST /api/marketing/blog/images`: a cover image sent as the raw request body with its
 * Content-Type (koa-body parses JSON only, so this reads the stream itself, refusing more than
 * 5 MB without buffering it). The bytes go to the content service in parts (NATS max_payload),
 * which checks the magic bytes and stores them; answers 201 `{ url, sha256, contentType, size }`.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES, IMAGE_PART_BYTES, RPC } from '@lp/contracts';
import { AppError, callRpc } from '@lp/runtime';
import { readCappedBody } from '../middleware/read-capped-body.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import { askedBy, type GatewayDeps } from '../routes/context.ts';

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

    const asked = askedBy(ctx);
    const uploadId = randomUUID();
    const parts = Math.ceil(data.length / IMAGE_PART_BYTES);
    for (let index = 0; index < parts; index++) {
      const slice = data.subarray(index * IMAGE_PART_BYTES, (index + 1) * IMAGE_PART_BYTES);
      await callRpc(bus, RPC.content.imagePartPut, { uploadId, index, dataBase64: slice.toString('base64') }, asked);
    }
    const image = await callRpc(
      bus,
      RPC.content.imageUploadComplete,
      { uploadId, parts, declaredType: declared },
      asked,
    );
    counters.inc('gateway_blog_images_uploaded_total', { type: image.contentType });
    ctx.state.log.info({ sha256: image.sha256, size: image.size, type: image.contentType }, 'blog image stored');
    ctx.status = 201;
    ctx.set('Location', image.url);
    ctx.body = image;
  };
}
