/**
 * The one consumer template every service uses: schema-check each message, run the handler,
 * ack after it committed; terminate (and count) invalid or poison messages; nak transient
 * failures with an exponential delay so a briefly absent database is retried, not dropped.
 */
import * as v from 'valibot';
import type { DurableSpec } from '@lp/contracts';
import { PermanentError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Counters } from '../metrics.ts';
import { measureHandler } from './measure-handler.ts';
import type { Bus, BusMessage, ConsumerHandle } from './types.ts';

export const retryDelayMs = (deliveryCount: number) => Math.min(30_000, 500 * 2 ** Math.max(0, deliveryCount - 1));

export function startConsumer<S extends v.GenericSchema>(
  bus: Bus,
  opts: {
    durable: DurableSpec;
    schema: S;
    log: Logger;
    counters?: Counters;
    maxInFlight?: number;
    handle: (event: v.InferOutput<S>, msg: BusMessage, log: Logger) => Promise<void>;
  },
): Promise<ConsumerHandle> {
  const { durable, counters } = opts;
  const labels = { durable: durable.name };
  return bus.consume(
    durable,
    measureHandler(durable.name, counters, async (msg) => {
      let body: unknown;
      try {
        body = msg.json();
      } catch {
        counters?.inc('bus_messages_dropped_total', { ...labels, reason: 'not_json' });
        opts.log.warn({ seq: msg.seq, subject: msg.subject }, 'dropping message that is not JSON');
        return msg.term('not json');
      }
      const parsed = v.safeParse(opts.schema, body);
      if (!parsed.success) {
        counters?.inc('bus_messages_dropped_total', { ...labels, reason: 'invalid' });
        opts.log.warn(
          { seq: msg.seq, subject: msg.subject, issues: v.flatten(parsed.issues) },
          'dropping invalid message',
        );
        return msg.term('invalid');
      }
      const eventId = (body as { id?: unknown }).id;
      const log = opts.log.child({ eventId, seq: msg.seq, delivery: msg.deliveryCount });
      try {
        await opts.handle(parsed.output, msg, log);
        msg.ack();
        counters?.inc('bus_messages_handled_total', labels);
      } catch (err) {
        if (err instanceof PermanentError) {
          counters?.inc('bus_messages_dropped_total', { ...labels, reason: 'permanent' });
          log.error({ err }, 'message can never succeed; terminated');
          return msg.term(err.message);
        }
        counters?.inc('bus_messages_retried_total', labels);
        const delay = retryDelayMs(msg.deliveryCount);
        log.warn({ err, delayMs: delay }, 'handler failed; will retry');
        msg.nak(delay);
      }
    }),
    opts.maxInFlight ? { maxInFlight: opts.maxInFlight } : {},
  );
}
