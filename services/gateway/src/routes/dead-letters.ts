/**
 * Staff operations on dead letters (messages a consumer could never handle, parked with their
 * reason): `GET /api/marketing/ops/dead-letters` lists them newest first, a page at a time
 * (`limit`, `cursor`); `POST /api/marketing/ops/dead-letters/{id}/replay` re-publishes one after
 * a fix, audited (404 unknown id, 409 replayed before, 503 when the bus cannot take it). Session required
 * like every /api/marketing route.
 */
import { DeadLetterListQuerySchema, type DeadLetterPage, type DeadLetterReplayed } from '@lp/contracts';
import { conflict, isBusError, listDeadLetters, notFound, replayDeadLetter, unavailable } from '@lp/runtime';
import { recordAudit } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, createRouter } from './context.ts';

export function deadLetterRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/ops/dead-letters' });

  router.get('/', async (ctx) => {
    const { limit, cursor } = validate(DeadLetterListQuerySchema, ctx.query);
    const page: DeadLetterPage = await listDeadLetters(knex, cursor === undefined ? { limit } : { limit, cursor });
    ctx.body = page;
  });

  router.post('/:id/replay', async (ctx) => {
    const outcome = await replayDeadLetter({ bus, knex }, ctx.params.id ?? '').catch((err: unknown) => {
      if (!isBusError(err)) throw err;
      ctx.state.log.error({ err, deadLetter: ctx.params.id }, 'dead letter not replayed: bus failure');
      throw unavailable('The message bus could not take the message right now. Please try again in a moment.');
    });
    if ('missing' in outcome) throw notFound('No such dead letter');
    if ('alreadyReplayedAt' in outcome)
      throw conflict(`This dead letter was already replayed at ${outcome.alreadyReplayedAt}`);
    ctx.state.log.info({ deadLetter: outcome.replayed.id, msgId: outcome.replayed.msgId }, 'dead letter replayed');
    await recordAudit(knex, ctx.state, 'dead_letter.replay', `dead letter ${outcome.replayed.id}`, {
      subject: outcome.replayed.subject,
      msgId: outcome.replayed.msgId,
    });
    ctx.body = outcome.replayed satisfies DeadLetterReplayed;
  });

  return router;
}
