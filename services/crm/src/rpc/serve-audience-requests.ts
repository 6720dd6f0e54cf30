/**
 * What the mailer asks crm: who a send goes to (mailable contacts only), and how many they are.
 * A segment with engagement conditions asks the mailer back for who opened or clicked.
 */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countAudience } from '../queries/count-audience.ts';
import { resolveAudience } from '../queries/resolve-audience.ts';
import { segmentContextOf } from './segment-context.ts';

export const serveAudienceRequests = [
  answerRpc(RPC.crm.audienceResolve, (input, ctx) => resolveAudience(ctx.knex, input, segmentContextOf(ctx))),
  answerRpc(RPC.crm.audienceCount, ({ audience }, ctx) => countAudience(ctx.knex, audience, segmentContextOf(ctx))),
];
