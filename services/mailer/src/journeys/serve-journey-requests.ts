/**
 * The journeys' requests (contracts' `RPC.mailer.journey*`): list and read them with their
 * per-step figures, create, edit (by version), pause/resume, delete, and let a list's mailable
 * contacts enter (stored at once; the engine reads the list from crm a page at a time,
 * follow-list-triggers.ts, once per request id and contact).
 */
import { RPC } from '@lp/contracts';
import { answerRpc, notFound } from '@lp/runtime';
import { wakeJourneys } from './journey-wake.ts';
import {
  createJourney,
  deleteJourney,
  findJourney,
  journeyWithStats,
  listJourneys,
  setJourneyStatus,
  updateJourney,
} from './journeys-store.ts';

export const serveJourneyRequests = [
  answerRpc(RPC.mailer.journeysList, (_input, { knex }) => listJourneys(knex)),
  answerRpc(RPC.mailer.journeyGet, ({ id }, { knex }) => journeyWithStats(knex, id)),
  answerRpc(RPC.mailer.journeyCreate, async ({ journey, savedBy }, { knex }) =>
    journeyWithStats(knex, await createJourney(knex, journey, savedBy)),
  ),
  answerRpc(RPC.mailer.journeyUpdate, async (input, { knex, config }) => {
    await updateJourney(knex, input, config.SITE_TIME_ZONE);
    wakeJourneys();
    return journeyWithStats(knex, input.id);
  }),
  answerRpc(RPC.mailer.journeySetStatus, async ({ id, status }, { knex }) => {
    await setJourneyStatus(knex, id, status);
    wakeJourneys();
    return journeyWithStats(knex, id);
  }),
  answerRpc(RPC.mailer.journeyDelete, async ({ id }, { knex }) => ({ deleted: await deleteJourney(knex, id) })),
  answerRpc(RPC.mailer.journeyEnter, async ({ id, listId, requestId }, { knex }) => {
    if (!(await findJourney(knex, id))) throw notFound('Journey not found');
    await knex
      .withSchema('mailer')
      .table('journey_list_entries')
      .insert({ journey_id: id, list_id: listId, request_id: requestId })
      .onConflict('request_id')
      .ignore();
    wakeJourneys();
    return { accepted: true as const };
  }),
];
