/**
 * POST /api/marketing/blog/images: the file itself as the body, with its type as Content-Type.
 * The server checks the bytes (413 over 5 MB, 415 for anything not JPEG/PNG/WebP/AVIF/GIF).
 */
import type { BlogImage } from '@lp/contracts';
import { apiRequest } from '../../../lib/api-request';

export function uploadCoverImage(file: Blob): Promise<BlogImage> {
  return apiRequest<BlogImage>('POST', '/api/marketing/blog/images', undefined, {
    body: file,
    headers: { 'Content-Type': file.type },
  });
}
