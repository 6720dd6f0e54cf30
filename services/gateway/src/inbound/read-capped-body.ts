/**
 * Reads a request body into memory, refusing (413) as soon as it passes `limit` bytes: an
 * announced Content-Length over the limit is refused before a byte is read. After a refusal the
 * rest is read and dropped (up to a budget, then the socket is closed), so the client can read
 * the answer; the connection is closed after it.
 */
import type { IncomingMessage } from 'node:http';
import { AppError } from '@lp/runtime';

const DISCARD_BUDGET = 64 * 1024 * 1024;

const tooLarge = (limit: number) =>
  new AppError(413, 'payload_too_large', `The message is larger than ${Math.floor(limit / 1024 / 1024)} MB`);

function discardRest(req: IncomingMessage): void {
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DISCARD_BUDGET) req.socket.destroy();
  });
  req.resume();
}

export function readCappedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit) {
    discardRest(req);
    return Promise.reject(tooLarge(limit));
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
        discardRest(req);
        reject(tooLarge(limit));
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
