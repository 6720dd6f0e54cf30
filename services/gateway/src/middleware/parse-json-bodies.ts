/**
 * JSON request bodies, parsed after the session check so an anonymous request never gets a
 * large body read: 64 KB for public endpoints (form submissions), 1 MB for signed-in staff (articles).
 * Other content types are left unread (image uploads read their raw body themselves).
 */
import { koaBody } from 'koa-body';
import type { Middleware } from 'koa';
import type { GatewayState } from './request-context.ts';

const options = (jsonLimit: string) =>
  ({
    json: true,
    multipart: false,
    urlencoded: false,
    text: false,
    jsonLimit,
    jsonStrict: true,
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  }) as Parameters<typeof koaBody>[0];

export function parseJsonBodies(): Middleware<GatewayState> {
  const publicBodies = koaBody(options('64kb')) as unknown as Middleware<GatewayState>;
  const staffBodies = koaBody(options('1mb')) as unknown as Middleware<GatewayState>;
  return (ctx, next) => (ctx.state.session ? staffBodies(ctx, next) : publicBodies(ctx, next));
}
