/**
 * Times a consumer's handling of each message for the `bus_handler_duration_seconds`
 * histogram: from delivery to the handler's first ack, nak or term (its outcome label), or to
 * the handler's throw (`error`). Same metric on both bus adapters.
 */
import type { Counters } from '../metrics.ts';
import type { BusMessage, MessageHandler } from './types.ts';

const SETTLERS = new Set<PropertyKey>(['ack', 'nak', 'term']);

export function measureHandler(
  durable: string,
  counters: Counters | undefined,
  handler: MessageHandler,
): MessageHandler {
  if (!counters) return handler;
  return async (msg) => {
    const started = performance.now();
    let recorded = false;
    const record = (outcome: string) => {
      if (recorded) return;
      recorded = true;
      counters.observe('bus_handler_duration_seconds', { durable, outcome }, (performance.now() - started) / 1000);
    };
    const timed = new Proxy(msg, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          if (SETTLERS.has(prop)) record(String(prop));
          return fn.apply(target, args);
        };
      },
    }) satisfies BusMessage;
    try {
      await handler(timed);
    } catch (err) {
      record('error');
      throw err;
    }
  };
}
