/**
 * The steps whose effect lives in crm, applied before the pass's transaction (crm owns lists and
 * tags): list steps (one request per list to add, one per contact to remove) and tag steps (one
 * request per tag and action, a thousand contacts at a time). All idempotent, so a pass that does
 * not commit redoes them harmlessly. A contact already at the most tags is skipped (crm logs it)
 * and counted; the step still runs for it.
 */
import { RPC, type JourneyStep } from '@lp/contracts';
import { callRpc, type Logger, type ServiceDeps } from '@lp/runtime';

type Deps = Pick<ServiceDeps, 'bus' | 'counters'> & { log: Logger };
type Work = { entry: { contact_id: number }; step: JourneyStep }[];

const RPC_TIMEOUT_MS = 10_000;
const BATCH = 1000;

export async function applyListSteps(deps: Deps, work: Work): Promise<void> {
  const opts = { log: deps.log, timeoutMs: RPC_TIMEOUT_MS };
  const adds = new Map<number, number[]>();
  for (const { entry, step } of work) {
    if (step.kind === 'add_to_list') adds.set(step.listId, [...(adds.get(step.listId) ?? []), entry.contact_id]);
    if (step.kind === 'remove_from_list')
      await callRpc(
        deps.bus,
        RPC.crm.listMemberRemove,
        { listId: step.listId, contactId: entry.contact_id },
        opts,
      ).catch((err: unknown) => {
        // Not a member (any more), or the list is gone: nothing to remove.
        if ((err as { status?: number }).status !== 404) throw err;
      });
  }
  for (const [listId, contactIds] of adds) {
    for (let i = 0; i < contactIds.length; i += BATCH)
      await callRpc(deps.bus, RPC.crm.listMembersAdd, { listId, contactIds: contactIds.slice(i, i + BATCH) }, opts);
  }
}

export async function applyTagSteps(deps: Deps, work: Work): Promise<void> {
  const batches = new Map<string, { tag: string; action: 'add' | 'remove'; ids: number[] }>();
  for (const { entry, step } of work) {
    if (step.kind !== 'add_tag' && step.kind !== 'remove_tag') continue;
    const action = step.kind === 'add_tag' ? 'add' : 'remove';
    const key = `${action}:${step.tag}`;
    const batch = batches.get(key) ?? batches.set(key, { tag: step.tag, action, ids: [] }).get(key)!;
    batch.ids.push(entry.contact_id);
  }
  for (const { tag, action, ids } of batches.values()) {
    const unique = [...new Set(ids)];
    for (let i = 0; i < unique.length; i += BATCH) {
      const r = await callRpc(
        deps.bus,
        RPC.crm.contactTagsChange,
        { tag, action, contactIds: unique.slice(i, i + BATCH) },
        { log: deps.log, timeoutMs: RPC_TIMEOUT_MS },
      );
      const count = (outcome: string, n: number) =>
        n > 0 && deps.counters.inc('mailer_journey_tag_changes_total', { action, outcome }, n);
      count('changed', r.changed);
      count('unchanged', r.unchanged);
      count('missing', r.missing);
      count('full', r.full.length);
      if (r.full.length)
        deps.log.warn(
          { tag, contactIds: r.full.slice(0, 50), skipped: r.full.length },
          'journey tag step: contacts already carry the most tags; tag not added',
        );
    }
  }
}
