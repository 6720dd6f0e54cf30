/** Image uploads and reads for the gateway's upload and `/media` routes; large bytes are handed over. */
import { RPC } from '@lp/contracts';
import { answerRpc, giveBytes, notFound } from '@lp/runtime';
import { receiveImageUpload } from '../images/receive-image-upload.ts';
import { readImage } from '../queries/read-image.ts';

export const serveImageRequests = [
  answerRpc(RPC.content.imageUploadComplete, (input, deps) => receiveImageUpload(deps, input)),
  answerRpc(RPC.content.imageRead, async ({ sha256 }, { bus, knex }) => {
    const stored = await readImage(knex, sha256);
    if (!stored) throw notFound('Image not found');
    return { contentType: stored.contentType, image: await giveBytes(bus, 'image', stored.data) };
  }),
];
