/** The mailer's request handlers: what the gateway may ask it (declared in contracts' `RPC.mailer`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { countMailerStats } from '../queries/count-mailer-stats.ts';

export const serveMailerRequests = [answerRpc(RPC.mailer.stats, (_input, { knex }) => countMailerStats(knex))];
