/**
 * The one consumer template every service uses: schema-check each message, run the handler,
 * ack after it committed; nak transient failures with a capped exponential delay, so a database
 * or bus away for any length of time is retried, never dropped; and a message that can never
 * succeed (not JSON, failing its schema, carrying text PostgreSQL cannot store, a `PermanentError`
 * from the handler) is parked as a dead letter, counted in `bus_dead_letters_total{durable,reason}`
 * and only then terminated.
 * If parking itself fails the message is nak'ed and parked on a later delivery: nothing loops
 * forever, nothing vanishes.
 *
 * A durable that reads a subject another durable owns (`unusable: 'skip'`, e.g. analytics' copy
 * of crm's form submissions) does not park a second letter for the same message: it counts it in
 * `bus_messages_skipped_total{durable,reason}`, logs it and terminates it. The owner's dead letter
 * is the one staff see; replaying it re-publishes to the subject, so the skipping durable gets it
 * again too.
 */
import * as v from 'valibot';
import { unstorableTextFields, type DeadLetterReason, type DurableSpec } from '@lp/contracts';
import { PermanentError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { Counters } from '../metrics.ts';
import type { ParkedMessage } from './dead-letters/park-dead-letter.ts';
import { measureHandler } from './measure-handler.ts';
import { requestIdOf } from './request-id.ts';
import type { Bus, BusMessage, ConsumerHandle } from './types.ts';

export const retryDelayMs = (deliveryCount: number) => Math.min(30_000, 500 * 2 ** Math.max(0, deliveryCount - 1));

/** Where dead letters go: `(m) => parkDeadLetter(knex, m)` (the `bus.dead_letters` table). */
export type DeadLetterSink = (message: ParkedMessage) => Promise<void>;

export function startConsumer<S extends v.GenericSchema>(
  bus: Bus,
  opts: {
    durable: DurableSpec;
    schema: S;
    log: Logger;
    counters?: Counters;
    park: DeadLetterSink;
    /** What happens to a message that can never succeed: parked (the default), or skipped (see above). */
    unusable?: 'park' | 'skip';
    maxInFlight?: number;
    /** How long a stop waits for running handlers before handing their messages back. */
    stopGraceMs?: number;
    handle: (event: v.InferOutput<S>, msg: BusMessage, log: Logger) => Promise<void>;
  },
): Promise<ConsumerHandle> {
  const { durable, counters } = opts;
  const labels = { durable: durable.name };

  /** Parks, counts, then terminates; a failed park retries later like any transient failure. */
  const deadLetter = async (msg: BusMessage, reason: DeadLetterReason, detail: string, log: Logger) => {
    if (opts.unusable === 'skip') {
      counters?.inc('bus_messages_skipped_total', { ...labels, reason });
      log.warn({ reason, detail }, 'message can never succeed; skipped (the owning durable parks it)');
      return msg.term(reason);
    }
    try {
      await opts.park({
        stream: durable.stream,
        subject: msg.subject,
        seq: msg.seq,
        msgId: msg.msgId,
        headers: msg.headers,
        payload: msg.bytes(),
        durable: durable.name,
        reason,
        detail,
      });
    } catch (err) {
      counters?.inc('bus_messages_retried_total', labels);
      const delayMs = retryDelayMs(msg.deliveryCount);
      log.warn({ err, reason, delayMs }, 'could not park a dead letter; will retry');
      return msg.nak(delayMs);
    }
    counters?.inc('bus_dead_letters_total', { ...labels, reason });
    log.error({ reason, detail }, 'message can never succeed; parked as a dead letter');
    msg.term(reason);
  };

  return bus.consume(
    durable,
    measureHandler(durable.name, counters, async (msg) => {
      // The id of the HTTP request that published the message (when one did) rides along in
      // every line this handling logs, as in the gateway's access log.
      const reqId = requestIdOf(msg.headers);
      const base = opts.log.child({
        seq: msg.seq,
        subject: msg.subject,
        delivery: msg.deliveryCount,
        ...(reqId ? { reqId } : {}),
      });
      let body: unknown;
      try {
        body = msg.json();
      } catch (err) {
        return deadLetter(msg, 'not_json', (err as Error).message, base);
      }
      const parsed = v.safeParse(opts.schema, body);
      if (!parsed.success) {
        const fields = v.flatten(parsed.issues);
        return deadLetter(msg, 'invalid', JSON.stringify(fields), base);
      }
      // Text PostgreSQL cannot store would fail the handler on every delivery: invalid, not transient.
      const unstorable = unstorableTextFields(parsed.output);
      if (Object.keys(unstorable).length > 0)
        return deadLetter(msg, 'invalid', JSON.stringify({ nested: unstorable }), base);
      const eventId = (body as { id?: unknown }).id;
      const log = base.child({ eventId });
      try {
        await opts.handle(parsed.output, msg, log);
        msg.ack();
        counters?.inc('bus_messages_handled_total', labels);
      } catch (err) {
        if (err instanceof PermanentError) return deadLetter(msg, 'permanent', err.message, log);
        counters?.inc('bus_messages_retried_total', labels);
        const delay = retryDelayMs(msg.deliveryCount);
        log.warn({ err, delayMs: delay }, 'handler failed; will retry');
        msg.nak(delay);
      }
    }),
    {
      ...(opts.maxInFlight ? { maxInFlight: opts.maxInFlight } : {}),
      ...(opts.stopGraceMs ? { stopGraceMs: opts.stopGraceMs } : {}),
    },
  );
}
