/**
 * `POST /api/marketing/blog/images`: a cover image sent as the raw request body with its
 * Content-Type (koa-body parses JSON only, so this reads the stream itself, refusing more than
 * 5 MB without buffering it). The bytes go to the content service in parts (NATS max_payload),
 * which checks the magic bytes and stores them; answers 201 `{ url, sha256, contentType, size }`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES, IMAGE_PART_BYTES, RPC } from '@lp/contracts';
import { AppError, callRpc } from '@lp/runtime';
import type { GatewayState } from '../middleware/request-context.ts';
import { askedBy, type GatewayDeps } from './context.ts';

const ACCEPTED = new Set<string>([...BLOG_IMAGE_TYPES, 'image/jpg', 'image/pjpeg']);

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `The image is larger than ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB`);

const DISCARD_BUDGET = 16 * 1024 * 1024;

/**
 * After refusing a body, reads and drops the rest so the client can finish sending and read the
 * answer (a half-read request would hold the connection open); past a budget, hangs up instead.
 */
function discardRest(req: IncomingMessage): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BUDGET) req.socket.destroy();
  });
  req.resume();
}

/** Reads a request body into memory, failing with 413 as soon as it passes `limit` bytes. */
function readRawBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        discardRest(req);
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(new AppError(400, 'bad_request', `The upload was interrupted: ${err.message}`));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}

export function uploadBlogImage({ bus, counters }: GatewayDeps): Middleware<GatewayState> {
  return async (ctx) => {
    const declared = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
    if (!ACCEPTED.has(declared))
      throw new AppError(415, 'unsupported_media_type', 'Upload a JPEG, PNG, WebP, AVIF or GIF image');
    const announced = Number(ctx.get('content-length') || 0);
    if (announced > BLOG_IMAGE_MAX_BYTES) {
      ctx.set('Connection', 'close');
      discardRest(ctx.req);
      throw tooLarge();
    }
    const data = await readRawBody(ctx.req, BLOG_IMAGE_MAX_BYTES).catch((err: unknown) => {
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
