/**
 * The fields every event carries: `id` (UUID, also the JetStream Nats-Msg-Id, so a
 * re-publish is de-duplicated), `occurredAt` (ISO time) and a schema `version`.
 */
import * as v from 'valibot';

export const EventMetaSchema = {
  id: v.pipe(v.string(), v.uuid()),
  occurredAt: v.pipe(v.string(), v.isoTimestamp()),
  version: v.literal(1),
};

export const eventMeta = (id: string = crypto.randomUUID(), at: Date = new Date()) => ({
  id,
  occurredAt: at.toISOString(),
  version: 1 as const,
});
