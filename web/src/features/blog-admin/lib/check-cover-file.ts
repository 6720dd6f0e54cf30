/**
 * The client-side check of a chosen cover file (type and size), so staff hear at once what the
 * server would refuse. The server still checks the real bytes.
 */
import { BLOG_IMAGE_MAX_BYTES, BLOG_IMAGE_TYPES } from '@lp/contracts';

export const COVER_ACCEPT = BLOG_IMAGE_TYPES.join(',');

export function checkCoverFile(file: { type: string; size: number }): string | null {
  if (!(BLOG_IMAGE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a JPEG, PNG, WebP, AVIF or GIF image.';
  if (file.size > BLOG_IMAGE_MAX_BYTES) return `The image is larger than ${BLOG_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}
