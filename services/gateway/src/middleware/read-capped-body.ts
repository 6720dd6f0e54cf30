/**
 * Reads a raw request body into memory (inbound mail posts, blog images: bodies koa-body does not
 * parse), refusing with `tooLarge()` (a 413) as soon as it passes `limit` bytes: an announced
 * Content-Length over the limit is refused before a byte is read. After a refusal the rest is read
 * and dropped, so the client can finish sending and read the answer (a half-read request would
 * hold the connection open); past `discardBudget` bytes the socket is closed instead. The caller
 * answers with `Connection: close`.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '@lp/runtime';

export type BodyCap = { limit: number; tooLarge: () => AppError; discardBudget: number };

function discardRest(req: IncomingMessage, budget: number): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > budget) req.socket.destroy();
  });
  req.resume();
}

export function readCappedBody(req: IncomingMessage, { limit, tooLarge, discardBudget }: BodyCap): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req, discardBudget);
    return Promise.reject(tooLarge());
  }
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
        discardRest(req, discardBudget);
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
      reject(new AppError(400, 'bad_request', `The request was interrupted: ${err.message}`));
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}
