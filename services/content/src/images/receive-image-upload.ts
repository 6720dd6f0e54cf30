/**
 * Cover-image uploads, received in parts over NATS: `receivePart` stages one part (each at most
 * IMAGE_PART_BYTES); `completeUpload` joins them, enforces the 5 MB cap, trusts only the magic
 * bytes for the type (and refuses a file that is not what it claims to be), and stores it
 * content-addressed. 413 and 415 carry the envelope codes `payload_too_large` and
 * `unsupported_media_type`.
 */
import { createHash } from 'node:crypto';
import { BLOG_IMAGE_MAX_BYTES, IMAGE_PART_BYTES, mediaPathOf, type BlogImage } from '@lp/contracts';
import { AppError, type Knex } from '@lp/runtime';
import { insertImage } from '../queries/insert-image.ts';
import { putImagePart } from '../queries/put-image-part.ts';
import { takeImageParts } from '../queries/take-image-parts.ts';
import { detectImageType } from './detect-image-type.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `The image is larger than ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
const unsupportedImage = (message = 'Upload a JPEG, PNG, WebP, AVIF or GIF image') =>
  new AppError(415, 'unsupported_media_type', message);

export async function receivePart(
  knex: Knex,
  part: { uploadId: string; index: number; dataBase64: string },
): Promise<{ received: number }> {
  if (!BASE64.test(part.dataBase64)) throw new AppError(400, 'bad_request', 'An image part is not base64');
  const data = Buffer.from(part.dataBase64, 'base64');
  if (data.length > IMAGE_PART_BYTES) throw tooLarge();
  await putImagePart(knex, { uploadId: part.uploadId, index: part.index, data });
  return { received: data.length };
}

export async function completeUpload(
  knex: Knex,
  input: { uploadId: string; parts: number; declaredType: string },
): Promise<BlogImage> {
  const parts = await knex.transaction((trx) => takeImageParts(trx, input.uploadId));
  if (parts.length !== input.parts || parts.some((p, i) => p.index !== i))
    throw new AppError(400, 'bad_request', 'The upload was incomplete. Please try again.');
  const data = Buffer.concat(parts.map((p) => p.data));
  if (data.length === 0) throw new AppError(400, 'bad_request', 'The file is empty');
  if (data.length > BLOG_IMAGE_MAX_BYTES) throw tooLarge();
  const type = detectImageType(data);
  if (!type) throw unsupportedImage();
  const declared = input.declaredType.split(';')[0]!.trim().toLowerCase();
  if ((TYPE_ALIASES[declared] ?? declared) !== type)
    throw unsupportedImage(`The file's content is ${type}, not ${declared || 'the declared type'}`);
  const sha256 = createHash('sha256').update(data).digest('hex');
  await insertImage(knex, { sha256, contentType: type, data });
  return { url: mediaPathOf(sha256, type), sha256, contentType: type, size: data.length };
}
