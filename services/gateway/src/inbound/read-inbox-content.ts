/**
 * Reads a message's body or attachment from the mailer slice by slice (each reply stays under
 * NATS's max_payload) and joins the bytes: nothing is truncated on the way.
 */
import { RPC } from '@lp/contracts';
import { AppError, callRpc, type Bus, type RpcCallOptions } from '@lp/runtime';

export async function readInboxContent(
  bus: Bus,
  id: number,
  part: 'text' | 'html' | number,
  asked: RpcCallOptions,
): Promise<{ data: Buffer; filename?: string; contentType?: string }> {
  const slices: Buffer[] = [];
  let offset = 0;
  let size = Infinity;
  let meta: { filename?: string; contentType?: string } = {};
  while (offset < size) {
    const slice = await callRpc(bus, RPC.mailer.inboxContentRead, { id, part, offset }, asked);
    const data = Buffer.from(slice.dataBase64, 'base64');
    size = slice.size;
    if (data.length === 0 && offset < size) throw new AppError(502, 'internal', 'Reading the message made no progress');
    if (offset === 0)
      meta = {
        ...(slice.filename ? { filename: slice.filename } : {}),
        ...(slice.contentType ? { contentType: slice.contentType } : {}),
      };
    slices.push(data);
    offset += data.length;
  }
  return { data: Buffer.concat(slices), ...meta };
}
