/**
 * Consumes `mail.inbound.received`: each part of an inbound message is staged; the one that
 * completes its upload joins them (in one transaction), checks the message against its schema,
 * sanitises the HTML and stores the message with its attachments, once per Message-ID. A framed
 * upload (the gateway's) is stored a part at a time (inbox/store-framed-upload.ts); an upload of
 * inline JSON (parts staged before framing existed) is joined whole. A part
 * of a message already stored is acknowledged and dropped; a joined message that is not valid
 * JSON or fails its schema can never succeed and is parked as a dead letter. Parts that waited
 * a week for the rest of their message are deleted after a message is stored.
 */
import * as v from 'valibot';
import { DURABLES, InboundMailPartSchema, InboundMailSchema } from '@lp/contracts';
import { defineConsumer, PermanentError, rethrowDbError } from '@lp/runtime';
import { sanitizeInboundHtml } from '../inbox/sanitize-inbound-html.ts';
import { storeFramedUpload } from '../inbox/store-framed-upload.ts';
import { hasInboundMessage } from '../queries/has-inbound-message.ts';
import { insertInboundMessage } from '../queries/insert-inbound-message.ts';
import { purgeStaleInboundParts } from '../queries/purge-stale-inbound-parts.ts';
import { stageInboundPart } from '../queries/stage-inbound-part.ts';
import { takeInboundParts } from '../queries/take-inbound-parts.ts';

function parseJoined(data: Buffer) {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch (err) {
    throw new PermanentError(`joined inbound message is not JSON: ${(err as Error).message}`);
  }
  const r = v.safeParse(InboundMailSchema, json);
  if (!r.success)
    throw new PermanentError(`joined inbound message fails its schema: ${JSON.stringify(v.flatten(r.issues))}`);
  return r.output;
}

export const consumeInboundMail = defineConsumer({
  durable: DURABLES.mailerInbound,
  schema: InboundMailPartSchema,
  // One part at a time per process: messages are stored in the order they arrived (the first of
  // a Message-ID wins), and an inline-JSON upload is joined whole in memory (tens of MB).
  maxInFlight: 1,
  handle: async (part, { knex, counters, log }) => {
    if (await hasInboundMessage(knex, part.mailKey)) {
      log.info({ mailKey: part.mailKey }, 'part of a message already stored; ignored');
      return;
    }
    const staged = await stageInboundPart(knex, part).catch(rethrowDbError);
    if (staged < part.count) return;
    const { headBytes } = part;
    const stored = await knex
      .transaction(async (trx) => {
        if (headBytes !== undefined)
          return storeFramedUpload(trx, {
            uploadKey: part.uploadKey,
            mailKey: part.mailKey,
            count: part.count,
            headBytes,
          });
        const data = await takeInboundParts(trx, part.uploadKey);
        if (data.length === 0) return null; // another delivery joined them first
        const mail = parseJoined(data);
        const { html, hasRemoteImages } = sanitizeInboundHtml(mail.html);
        const { id } = await insertInboundMessage(trx, mail, { mailKey: part.mailKey, html, hasRemoteImages });
        return { id, mail };
      })
      .catch(rethrowDbError);
    if (!stored) return;
    if (stored.id === null) log.info({ messageId: stored.mail.messageId }, 'duplicate inbound message ignored');
    else {
      counters.inc('mailer_inbound_stored_total', { source: stored.mail.source });
      log.info(
        { inboxId: stored.id, source: stored.mail.source, attachments: stored.mail.attachments.length },
        'inbound message stored',
      );
      // Housekeeping on the way out: parts of uploads that can never complete.
      const purged = await purgeStaleInboundParts(knex).catch(() => 0);
      if (purged > 0) log.warn({ purged }, 'stale parts of incomplete inbound messages deleted');
    }
  },
});
