/** Image uploads (in parts) and reads (in slices), for the gateway's upload and `/media` routes. */
import {
  IMAGE_PART_BYTES,
  ImageCompleteInputSchema,
  ImagePartInputSchema,
  ImageReadInputSchema,
  queueGroupOf,
  RPC,
  type ImageSlice,
} from '@lp/contracts';
import { notFound, serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import { completeUpload, receivePart } from '../images/receive-image-upload.ts';
import { readImageSlice } from '../queries/read-image-slice.ts';

const queue = queueGroupOf('content');

export async function serveImageRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  return Promise.all([
    serveRpc(bus, {
      subject: RPC.content.imagePartPut,
      queue,
      log,
      schema: ImagePartInputSchema,
      handle: (part) => receivePart(knex, part),
    }),
    serveRpc(bus, {
      subject: RPC.content.imageUploadComplete,
      queue,
      log,
      schema: ImageCompleteInputSchema,
      handle: (input) => completeUpload(knex, input),
    }),
    serveRpc(bus, {
      subject: RPC.content.imageRead,
      queue,
      log,
      schema: ImageReadInputSchema,
      handle: async ({ sha256, offset }): Promise<ImageSlice> => {
        const row = await readImageSlice(knex, sha256, offset, IMAGE_PART_BYTES);
        if (!row) throw notFound('Image not found');
        return {
          sha256,
          contentType: row.contentType,
          size: row.size,
          offset,
          dataBase64: row.data.toString('base64'),
        };
      },
    }),
  ]);
}
