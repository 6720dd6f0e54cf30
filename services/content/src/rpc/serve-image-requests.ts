/** Image uploads (in parts) and reads (in slices), for the gateway's upload and `/media` routes. */
import { IMAGE_PART_BYTES, RPC } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { completeUpload, receivePart } from '../images/receive-image-upload.ts';
import { readImageSlice } from '../queries/read-image-slice.ts';

export const serveImageRequests = [
  answerRpc(RPC.content.imagePartPut, (part, { knex }) => receivePart(knex, part)),
  answerRpc(RPC.content.imageUploadComplete, (input, { knex }) => completeUpload(knex, input)),
  answerRpc(RPC.content.imageRead, async ({ sha256, offset }, { knex }) => {
    const row = await readImageSlice(knex, sha256, offset, IMAGE_PART_BYTES);
    if (!row) throw notFound('Image not found');
    return {
      sha256,
      contentType: row.contentType,
      size: row.size,
      offset,
      dataBase64: row.data.toString('base64'),
    };
  }),
];
