/**
 * Stores a framed upload (see `InboundMailPartSchema`) whose parts are all staged, inside the
 * caller's transaction, holding one part at a time: the head is read and checked against its
 * schema, the message stored with its attachments listed, then each kept attachment's bytes are
 * copied from the parts into `inbound_attachment_chunks`, piece by piece. An upload whose head
 * is not valid, or whose bytes do not add up to what the head lists, can never succeed
 * (PermanentError). Answers null when another delivery stored it first.
 */
import * as v from 'valibot';
import { InboundMailHeadSchema, type InboundMailHead } from '@lp/contracts';
import { PermanentError, type Knex } from '@lp/runtime';
import { insertInboundAttachmentChunk, insertInboundMessage } from '../queries/insert-inbound-message.ts';
import { deleteInboundParts, lockInboundParts, readInboundPart } from '../queries/take-inbound-parts.ts';
import { sanitizeInboundHtml } from './sanitize-inbound-html.ts';

type Upload = { uploadKey: string; mailKey: string; count: number; headBytes: number };

function parseHead(data: Buffer): InboundMailHead {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw new PermanentError(`inbound upload's head is not JSON: ${(err as Error).message}`);
  }
  const r = v.safeParse(InboundMailHeadSchema, json);
  if (!r.success)
    throw new PermanentError(`inbound upload's head fails its schema: ${JSON.stringify(v.flatten(r.issues))}`);
  return r.output;
}

export async function storeFramedUpload(
  trx: Knex.Transaction,
  upload: Upload,
): Promise<{ id: number | null; mail: InboundMailHead } | null> {
  const staged = await lockInboundParts(trx, upload.uploadKey);
  if (staged === 0) return null;
  if (staged < upload.count) throw new Error(`upload ${upload.uploadKey} has ${staged} of ${upload.count} parts`);

  let index = 0;
  let part: Buffer = Buffer.alloc(0);
  let at = 0;
  const next = async () => {
    if (index >= upload.count) throw new PermanentError('inbound upload ends before its attachments do');
    part = await readInboundPart(trx, upload.uploadKey, index++);
    at = 0;
  };

  const headPieces: Buffer[] = [];
  for (let need = upload.headBytes; need > 0;) {
    if (at === part.length) await next();
    const piece = part.subarray(at, at + need);
    headPieces.push(piece);
    at += piece.length;
    need -= piece.length;
  }
  const mail = parseHead(Buffer.concat(headPieces));
  const { html, hasRemoteImages } = sanitizeInboundHtml(mail.html);
  const { id, attachmentIds } = await insertInboundMessage(trx, mail, {
    mailKey: upload.mailKey,
    html,
    hasRemoteImages,
  });
  if (id !== null)
    for (const [position, attachment] of mail.attachments.entries()) {
      if (attachment.skippedReason !== null) continue;
      for (let start = 0; start < attachment.size;) {
        if (at === part.length) await next();
        const piece = part.subarray(at, at + attachment.size - start);
        await insertInboundAttachmentChunk(trx, attachmentIds[position]!, start, piece);
        at += piece.length;
        start += piece.length;
      }
    }
  if (id !== null && (index < upload.count || at < part.length))
    throw new PermanentError('inbound upload has more bytes than its head lists');
  await deleteInboundParts(trx, upload.uploadKey);
  return { id, mail };
}
