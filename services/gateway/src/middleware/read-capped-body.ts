/**
 * Reads a raw request body into memory (blog images: bodies koa-body does not parse) or into a
 * file (`spoolCappedBody`: inbound mail posts, read at the client's pace while holding no more
 * than a stream's buffer), refusing with `tooLarge()` (a 413) as soon as it passes `limit` bytes: an announced
 * Content-Length over the limit is refused before a byte is read. After a refusal the rest is read
 * and dropped, so the client can finish sending and read the answer (a half-read request would
 * hold the connection open); past `discardBudget` bytes the socket is closed instead. The caller
 * answers with `Connection: close`.
 */
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { AppError } from '@lp/runtime';

export type BodyCap = { limit: number; tooLarge: () => AppError; discardBudget: number };

/** Reads and drops the rest of a request that will not be served, closing it past `budget` bytes. */
export function discardRest(req: IncomingMessage, budget: number): void {
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

/** Writes the body to `path` (a new file) and answers its size; same refusals as `readCappedBody`. */
export function spoolCappedBody(
  req: IncomingMessage,
  path: string,
  { limit, tooLarge, discardBudget }: BodyCap,
): Promise<number> {
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req, discardBudget);
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const file = createWriteStream(path, { flags: 'wx' });
    let size = 0;
    let settled = false;
    const fail = (err: AppError | Error) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      file.destroy();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        fail(tooLarge());
        discardRest(req, discardBudget);
        return;
      }
      // The file is the only buffer: the client waits while the disk catches up.
      if (!file.write(chunk)) {
        req.pause();
        file.once('drain', () => req.resume());
      }
    };
    const onEnd = () => {
      req.off('data', onData);
      req.off('error', onError);
      file.end(() => {
        if (settled) return;
        settled = true;
        resolve(size);
      });
    };
    const onError = (err: Error) =>
      fail(new AppError(400, 'bad_request', `The request was interrupted: ${err.message}`));
    file.once('error', (err) => fail(err));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
  });
}
