/**
 * content: owns the blog — articles and their images (schema `content`). Side-effect free:
 * `start(deps)` wires its request handlers onto the given bus and database.
 */
import { fileURLToPath } from 'node:url';
import type { ServiceDefinition, ServiceDeps } from '@lp/runtime';
import { serveImageRequests } from './rpc/serve-image-requests.ts';
import { servePublicRequests } from './rpc/serve-public-requests.ts';
import { serveStaffRequests } from './rpc/serve-staff-requests.ts';

export async function start(deps: ServiceDeps) {
  const serving = (
    await Promise.all([servePublicRequests(deps), serveStaffRequests(deps), serveImageRequests(deps)])
  ).flat();
  return {
    stop: async () => {
      await Promise.all(serving.map((s) => s.stop()));
    },
  };
}

export const contentService: ServiceDefinition = {
  name: 'content',
  schema: 'content',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  start,
};
