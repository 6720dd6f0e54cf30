/**
 * A cover-image upload, its bytes given by the gateway (inline when small, handed over through
 * the bus's large payloads otherwise): enforces the 5 MB cap, trusts only the magic bytes for the
 * type (and refuses a file that is not what it claims to be), and stores it content-addressed.
 * 413 and 415 carry the envelope codes `payload_too_large` and `unsupported_media_type`.
 */
import { createHash } from 'node:crypto';
import { BLOG_IMAGE_MAX_BYTES, mediaPathOf, type BlogImage, type BlogImageType, type GivenBytes } from '@lp/contracts';
import { AppError, takeBytes, type Bus, type Knex } from '@lp/runtime';
import { insertImage } from '../queries/insert-image.ts';
import { detectImageType } from './detect-image-type.ts';

const TYPE_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg' };

const tooLarge = () =>
  new AppError(413, 'payload_too_large', `The image is larger than ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
const unsupportedImage = (message = 'Upload a JPEG, PNG, WebP, AVIF or GIF image') =>
  new AppError(415, 'unsupported_media_type', message);

export async function receiveImageUpload(
  deps: { bus: Bus; knex: Knex },
  input: { image: GivenBytes; declaredType: string },
): Promise<BlogImage> {
  // A refusal is as final as a stored image: either way the hand-over is done with and deleted,
  // so refused uploads do not fill the large-payload store for a day.
  const outcome = await takeBytes(deps.bus, input.image, async (data) => {
    const type = checkImage(data, input.declaredType);
    if (type instanceof AppError) return type;
    const sha256 = createHash('sha256').update(data).digest('hex');
    await insertImage(deps.knex, { sha256, contentType: type, data });
    return { url: mediaPathOf(sha256, type), sha256, contentType: type, size: data.length };
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/** The image's type by its magic bytes, or why it is refused. */
function checkImage(data: Buffer, declaredType: string): BlogImageType | AppError {
  if (data.length === 0) return new AppError(400, 'bad_request', 'The file is empty');
  if (data.length > BLOG_IMAGE_MAX_BYTES) return tooLarge();
  const type = detectImageType(data);
  if (!type) return unsupportedImage();
  const declared = declaredType.split(';')[0]!.trim().toLowerCase();
  if ((TYPE_ALIASES[declared] ?? declared) !== type)
    return unsupportedImage(`The file's content is ${type}, not ${declared || 'the declared type'}`);
  return type;
}
