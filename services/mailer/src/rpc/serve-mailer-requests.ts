/** The mailer's request handlers: what the gateway may ask it. */
import * as v from 'valibot';
import { queueGroupOf, RPC } from '@lp/contracts';
import { serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import { countMailerStats } from '../queries/count-mailer-stats.ts';

export async function serveMailerRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  return Promise.all([
    serveRpc(bus, {
      subject: RPC.mailer.stats,
      queue: queueGroupOf('mailer'),
      log,
      schema: v.nullish(v.object({})),
      handle: () => countMailerStats(knex),
    }),
  ]);
}
