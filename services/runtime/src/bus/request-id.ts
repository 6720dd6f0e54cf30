/**
 * One id follows a request or an event across processes: the gateway gives every HTTP request
 * an id (`X-Request-Id`, kept when a client sends a valid one), sends it in this header with
 * every message it publishes and every request it makes on the bus, and the consumers and
 * request handlers of every service log through a child logger carrying it as `reqId`. So
 * grepping one id finds the HTTP request in the gateway's log and its handling in crm,
 * analytics or the mailer.
 */
import type { Headers } from './types.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The headers that carry a request id on the bus (none without an id). */
export const requestIdHeaders = (reqId: string | undefined): Headers => (reqId ? { [REQUEST_ID_HEADER]: reqId } : {});

/** The request id a message or request carries, if any. */
export const requestIdOf = (headers: Headers): string | undefined => headers[REQUEST_ID_HEADER] || undefined;
