/**
 * Staff operations on dead letters (messages a consumer could never handle, parked with their
 * reason): `GET /api/marketing/ops/dead-letters` lists them newest first, a page at a time
 * (`limit`, `cursor`); `POST /api/marketing/ops/dead-letters/{id}/replay` re-publishes one after
 * a fix, audited (404 unknown id, 409 replayed before, 503 when the bus cannot take it). Session required
 * like every /api/marketing route.
 */
import { DeadLetterListQuerySchema, type DeadLetterPage, type DeadLetterReplayed } from '@lp/contracts';
import { conflict, listDeadLetters, notFound, replayDeadLetter } from '@lp/runtime';
import { audited } from '../audit/record-audit.ts';
import { validate } from '../middleware/validate.ts';
import { type GatewayDeps, createRouter, publishOrUnavailable } from '../routes/context.ts';

export function deadLetterRoutes({ bus, knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/ops/dead-letters' });

  router.get('/', async (ctx) => {
    const { limit, cursor } = validate(DeadLetterListQuerySchema, ctx.query);
    const page: DeadLetterPage = await listDeadLetters(knex, cursor === undefined ? { limit } : { limit, cursor });
    ctx.body = page;
  });

  router.post('/:id/replay', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!/^\d{1,18}$/.test(id)) throw notFound('No such dead letter');
    const replay = async () => {
      const outcome = await publishOrUnavailable(
        () => replayDeadLetter({ bus, knex }, id),
        'The message bus could not take the message right now. Please try again in a moment.',
        (err) => ctx.state.log.error({ err, deadLetter: id }, 'dead letter not replayed: bus failure'),
      );
      if ('missing' in outcome) throw notFound('No such dead letter');
      if ('alreadyReplayedAt' in outcome)
        throw conflict(`This dead letter was already replayed at ${outcome.alreadyReplayedAt}`);
      return outcome.replayed;
    };
    const replayed = await audited(
      knex,
      ctx.state,
      { action: 'dead_letter.replay', target: `dead letter ${id}` },
      replay,
      (r) => ({ details: { subject: r.subject, msgId: r.msgId } }),
    );
    ctx.state.log.info({ deadLetter: replayed.id, msgId: replayed.msgId }, 'dead letter replayed');
    ctx.body = replayed satisfies DeadLetterReplayed;
  });

  return router;
}
