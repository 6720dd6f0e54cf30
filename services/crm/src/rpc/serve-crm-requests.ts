/** The crm's request handlers: what the gateway may ask it. */
import * as v from 'valibot';
import { queueGroupOf, RPC } from '@lp/contracts';
import { serveRpc, type ServeHandle, type ServiceDeps } from '@lp/runtime';
import { countCrmStats } from '../queries/count-crm-stats.ts';
import { listSubmissions } from '../queries/list-submissions.ts';

const queue = queueGroupOf('crm');

const ListSubmissionsInput = v.object({
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5000)), 5000),
  offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
});

export async function serveCrmRequests({ bus, knex, log }: ServiceDeps): Promise<ServeHandle[]> {
  return Promise.all([
    serveRpc(bus, {
      subject: RPC.crm.submissionsList,
      queue,
      log,
      schema: ListSubmissionsInput,
      handle: (input) => listSubmissions(knex, input),
    }),
    serveRpc(bus, {
      subject: RPC.crm.stats,
      queue,
      log,
      schema: v.nullish(v.object({})),
      handle: () => countCrmStats(knex),
    }),
  ]);
}
