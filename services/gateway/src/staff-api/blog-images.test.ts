/**
 * An upload the content service never answers: the uploader gets a 503 to retry, and the image
 * the gateway handed over for it does not wait a day in the bus's large payloads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { Counters, createLogger, MemoryBus, type Bus } from '@lp/runtime';
import { errorHandler } from '../middleware/error-handler.ts';
import type { GatewayState } from '../middleware/request-context.ts';
import type { GatewayDeps } from '../routes/context.ts';
import { uploadBlogImage } from './blog-images.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function gateway(bus: Bus) {
  const app = new Koa<GatewayState>();
  app.silent = true;
  app.use(async (ctx, next) => {
    ctx.state.log = createLogger('test', 'silent');
    ctx.state.reqId = 'test';
    await next();
  });
  app.use(errorHandler());
  app.use(uploadBlogImage({ bus, counters: new Counters() } as unknown as GatewayDeps));
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('cover image uploads while the content service is away', () => {
  it('answers 503 and deletes the image it handed over', async () => {
    const bus = new MemoryBus();
    const keys: string[] = [];
    const putLarge = bus.putLarge.bind(bus);
    bus.putLarge = (key, data) => {
      keys.push(key);
      return putLarge(key, data);
    };
    const image = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const res = await fetch(await gateway(bus), {
      method: 'POST',
      headers: { 'content-type': 'image/jpeg' },
      body: image,
    });
    expect(res.status).toBe(503);
    expect(keys).toHaveLength(1);
    expect(await bus.getLarge(keys[0]!)).toBeUndefined();
    await bus.close();
  });
});
