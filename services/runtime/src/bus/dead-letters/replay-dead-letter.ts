/**
 * Replays one dead letter after a fix: re-publishes its original subject and payload with a
 * fresh message id (the original id would be taken as a duplicate) and marks it replayed.
 * Used by `POST /api/marketing/ops/dead-letters/{id}/replay` and `pnpm bus:replay <id>`.
 * A replay is claimed before publishing, so two replays at once publish once; a publish that
 * fails gives the claim back and throws the bus's error.
 */
import type { Knex } from 'knex';
import type { DeadLetterReplayed } from '@lp/contracts';
import type { Bus } from '../types.ts';
import { claimDeadLetterReplay } from './claim-dead-letter-replay.ts';
import { releaseDeadLetterReplay } from './release-dead-letter-replay.ts';

export type ReplayOutcome = { replayed: DeadLetterReplayed } | { missing: true } | { alreadyReplayedAt: string };

/** Headers the bus sets itself; a replay gets its own. */
const OWN_HEADERS = /^nats-/i;

export async function replayDeadLetter(deps: { bus: Bus; knex: Knex }, id: string): Promise<ReplayOutcome> {
  if (!/^\d{1,18}$/.test(id)) return { missing: true };
  const msgId = crypto.randomUUID();
  const claim = await claimDeadLetterReplay(deps.knex, id, msgId);
  if ('missing' in claim) return claim;
  if ('replayedAt' in claim) return { alreadyReplayedAt: claim.replayedAt };
  const letter = claim.claimed;
  const headers = Object.fromEntries(Object.entries(letter.headers).filter(([k]) => !OWN_HEADERS.test(k)));
  let payload: unknown;
  try {
    payload = JSON.parse(letter.payload);
  } catch {
    // Not JSON: the bus carries JSON, so the text travels as a JSON string (and fails its schema).
    payload = letter.payload;
  }
  try {
    await deps.bus.publish(letter.subject, payload, { msgId, headers: { ...headers, 'Lp-Replay-Of': letter.id } });
  } catch (err) {
    await releaseDeadLetterReplay(deps.knex, id, msgId);
    throw err;
  }
  return {
    replayed: {
      id: letter.id,
      subject: letter.subject,
      msgId,
      replayedAt: letter.replayedAt ?? new Date().toISOString(),
    },
  };
}
