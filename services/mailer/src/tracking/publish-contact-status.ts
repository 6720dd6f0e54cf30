/**
 * Tells crm (over the MAIL stream) that a contact must not be mailed again. The message id is
 * the cause's key, so a retried publish is stored once; crm's consumer is idempotent anyway.
 * `reqId` (the request or event that caused it) travels along, so crm's log line names it.
 */
import { eventMeta, SUBJECTS, type ContactStatusChanged } from '@lp/contracts';
import { requestIdHeaders, type Bus } from '@lp/runtime';

export async function publishContactStatus(
  bus: Bus,
  key: string,
  change: Pick<ContactStatusChanged, 'email' | 'contactId' | 'status' | 'reason'>,
  reqId?: string,
): Promise<void> {
  const event: ContactStatusChanged = { ...eventMeta(), ...change };
  await bus.publish(SUBJECTS.contactStatusChanged, event, { msgId: `status-${key}`, headers: requestIdHeaders(reqId) });
}
