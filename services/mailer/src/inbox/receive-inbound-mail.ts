/**
 * A provider's post handed over by the gateway (`rpc.mailer.inbound.receive`): its turn among
 * the posts this mailer parses (a handful at a time, so several gateways cannot pile tens of
 * MB each into one mailer), the post's bytes taken from the large-payload store, parsed by its
 * provider's parser (a raw message's attachments spooled to a temporary folder as they decode),
 * stored once per message (a different message under a known Message-ID is kept too), and only then the key deleted and the answer given: a 200 to the
 * provider means the message is in the inbox. What is not the provider's post is its 400/413/415;
 * a bus that cannot hand the bytes over is a 503, so the provider posts again.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INBOUND_RECEIVE_TIMEOUT_MS, type InboundAccepted, type InboundReceiveInput } from '@lp/contracts';
import {
  AppError,
  HandOverMissingError,
  isBusError,
  takeOver,
  unavailable,
  type AnswerContext,
  type ParseSlots,
} from '@lp/runtime';
import { parseInboundPost } from '../inbound/parse-inbound-post.ts';
import { storeInboundMessage } from './store-inbound-message.ts';

/** Posts this mailer parses at once: each holds its post (up to 25 MiB) and the message's text. */
export const INBOUND_PARSES_AT_ONCE = 2;
/** Posts that may wait for a turn (each holds only its key while it waits). */
export const INBOUND_PARSES_WAITING = 64;
/** A turn not given by then is refused: the gateway would have given up before the parse ended. */
const TURN_WAIT_MS = INBOUND_RECEIVE_TIMEOUT_MS / 2;
const BUSY_RETRY_AFTER_SECONDS = 30;

const notNow = () => unavailable('The message could not be stored right now; please retry');
const busy = () =>
  new AppError(503, 'unavailable', 'Too many messages are arriving at once; please retry', {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });

async function parseAndStore(
  { key, source, contentType }: InboundReceiveInput,
  { bus, knex, counters, log }: AnswerContext,
): Promise<InboundAccepted> {
  const spoolDir = await mkdtemp(join(tmpdir(), 'lp-inbound-'));
  try {
    return await takeOver(bus, key, async (post) => {
      const mail = await parseInboundPost(source, post, contentType, spoolDir);
      const { id } = await storeInboundMessage(knex, mail);
      if (id === null) log.info({ messageId: mail.messageId, source }, 'duplicate inbound message ignored');
      else {
        counters.inc('mailer_inbound_stored_total', { source });
        log.info({ inboxId: id, source, attachments: mail.attachments.length }, 'inbound message stored');
      }
      return { messageId: mail.messageId, duplicate: id === null };
    });
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

export async function receiveInboundMail(
  input: InboundReceiveInput,
  ctx: AnswerContext,
  slots: ParseSlots,
): Promise<InboundAccepted> {
  const admission = slots.admit();
  if (!admission) throw busy();
  try {
    await admission.turn(AbortSignal.timeout(TURN_WAIT_MS)).catch(() => {
      throw busy();
    });
    return await parseAndStore(input, ctx);
  } catch (err) {
    if (err instanceof AppError) throw err;
    // Taken already (a retry of a request that timed out) or gone: the gateway answered 503.
    if (err instanceof HandOverMissingError || isBusError(err)) {
      ctx.log.warn({ err, key: input.key }, 'inbound post could not be taken over');
      throw notNow();
    }
    throw err;
  } finally {
    admission.release();
  }
}
