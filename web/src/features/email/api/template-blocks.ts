/**
 * What the block editor asks the server: the blocks rendered as a save would store them
 * (POST /api/marketing/templates/preview), an image upload (the product's own image store,
 * POST /api/marketing/blog/images: the file as the body; served from /media/… on the site's
 * origin) and the lots a lot card can show (GET /api/marketing/lots).
 */
import useSWR from 'swr';
import type { BlogImage, Lot } from '@lp/contracts';
import type { EmailBlock, RenderedBlocks } from '@lp/contracts/email-blocks';
import { apiRequest } from '../../../lib/api-request';

export const previewBlocks = (blocks: readonly EmailBlock[]) =>
  apiRequest<RenderedBlocks>('POST', '/api/marketing/templates/preview', { blocks });

export function uploadBlockImage(file: Blob): Promise<BlogImage> {
  return apiRequest<BlogImage>('POST', '/api/marketing/blog/images', undefined, {
    body: file,
    headers: { 'Content-Type': file.type },
  });
}

export function useBlockLots() {
  return useSWR<Lot[]>('/api/marketing/lots');
}
