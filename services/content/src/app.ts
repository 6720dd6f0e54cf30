/**
 * content: owns the blog — articles and their images (schema `content`). Its declaration: the
 * requests it answers (public reads, the staff editor, images); it uses no stream.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@lp/runtime';
import { serveImageRequests } from './rpc/serve-image-requests.ts';
import { servePublicRequests } from './rpc/serve-public-requests.ts';
import { serveStaffRequests } from './rpc/serve-staff-requests.ts';

export const contentService: ServiceDefinition = {
  name: 'content',
  schema: 'content',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  streams: [],
  consumers: [],
  rpcs: [...servePublicRequests, ...serveStaffRequests, ...serveImageRequests],
};
