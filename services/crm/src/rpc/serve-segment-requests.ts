/** The crm's answers about segments (declared in contracts' `RPC.crm.segment*`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countSegment } from '../queries/count-segment.ts';
import { createSegment } from '../queries/create-segment.ts';
import { deleteSegment } from '../queries/delete-segment.ts';
import { getSegment } from '../queries/get-segment.ts';
import { listSegmentContacts } from '../queries/list-segment-contacts.ts';
import { listSegments } from '../queries/list-segments.ts';
import { updateSegment } from '../queries/update-segment.ts';
import { segmentContextOf } from './segment-context.ts';

export const serveSegmentRequests = [
  answerRpc(RPC.crm.segmentsList, (_input, { knex }) => listSegments(knex)),
  answerRpc(RPC.crm.segmentGet, ({ id }, { knex }) => getSegment(knex, id)),
  answerRpc(RPC.crm.segmentCreate, (input, { knex }) => createSegment(knex, input)),
  answerRpc(RPC.crm.segmentUpdate, ({ id, segment }, { knex }) => updateSegment(knex, id, segment)),
  answerRpc(RPC.crm.segmentDelete, ({ id }, { knex }) => deleteSegment(knex, id)),
  answerRpc(RPC.crm.segmentCount, (input, ctx) => countSegment(ctx.knex, input, segmentContextOf(ctx))),
  answerRpc(RPC.crm.segmentContacts, (input, ctx) => listSegmentContacts(ctx.knex, input, segmentContextOf(ctx))),
];
