/**
 * Up to `limit` form submissions, newest first, after `cursor`, asked of crm a page at a time:
 * crm ends each page before its reply would outgrow one bus message (NATS's max_payload), so any
 * number of long submissions reaches staff. `nextCursor` continues after the last one returned.
 */
import { RPC, type SubmissionsPage } from '@lp/contracts';
import { callRpc, type Bus, type RpcCallOptions } from '@lp/runtime';

export async function listSubmissions(
  bus: Bus,
  asked: RpcCallOptions,
  opts: { limit: number; cursor?: number | undefined },
): Promise<SubmissionsPage> {
  const submissions: SubmissionsPage['submissions'] = [];
  let cursor = opts.cursor;
  for (;;) {
    const limit = opts.limit - submissions.length;
    const page = await callRpc(
      bus,
      RPC.crm.submissionsList,
      cursor === undefined ? { limit } : { limit, cursor },
      asked,
    );
    submissions.push(...page.submissions);
    if (page.nextCursor === null || submissions.length >= opts.limit)
      return { submissions, nextCursor: page.nextCursor };
    cursor = page.nextCursor;
  }
}
