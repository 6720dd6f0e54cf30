/** The crm's request handlers: what the gateway may ask it (declared in contracts' `RPC.crm`). */
import { RPC } from '@lp/contracts';
import { answerRpc } from '@lp/runtime';
import { addListMembers } from '../queries/add-list-members.ts';
import { listJoinedMembers } from '../queries/list-joined-members.ts';
import { listLotLeadContacts } from '../queries/list-lot-lead-contacts.ts';
import { listSessionContacts } from '../queries/list-session-contacts.ts';
import { applyContactsBulk } from '../queries/apply-contacts-bulk.ts';
import { convertSubmission } from '../queries/convert-submission.ts';
import { countCrmStats } from '../queries/count-crm-stats.ts';
import { countLotLeads } from '../queries/count-lot-leads.ts';
import { createContact } from '../queries/create-contact.ts';
import { createCustomField } from '../queries/create-custom-field.ts';
import { createList } from '../queries/create-list.ts';
import { deleteCustomField } from '../queries/delete-custom-field.ts';
import { listCustomFields } from '../queries/list-custom-fields.ts';
import { updateCustomField } from '../queries/update-custom-field.ts';
import { deleteContact } from '../queries/delete-contact.ts';
import { deleteList } from '../queries/delete-list.ts';
import { duplicateList } from '../queries/duplicate-list.ts';
import { getContact } from '../queries/get-contact.ts';
import { getStoredList } from '../queries/get-list.ts';
import { getContactHistory } from '../queries/get-contact-history.ts';
import { listContacts } from '../queries/list-contacts.ts';
import { withSegmentWhere } from '../queries/segment-match.ts';
import { segmentContextOf } from './segment-context.ts';
import { listLists } from '../queries/list-lists.ts';
import { listSubmissions } from '../queries/list-submissions.ts';
import { logContactCall } from '../queries/log-contact-call.ts';
import { readResponseTimes, withFirstResponses } from '../lead-response/first-responses.ts';
import { removeListMember } from '../queries/remove-list-member.ts';
import { updateContact } from '../queries/update-contact.ts';
import { updateList } from '../queries/update-list.ts';
import { upsertImportChunk } from '../queries/upsert-import-chunk.ts';

export const serveCrmRequests = [
  answerRpc(RPC.crm.submissionsList, async (input, deps) =>
    withFirstResponses(deps, await listSubmissions(deps.knex, input)),
  ),
  answerRpc(RPC.crm.responseTimes, (_input, deps) => readResponseTimes(deps, deps.config.SITE_TIME_ZONE)),
  answerRpc(RPC.crm.contactCallLog, (input, { knex }) => logContactCall(knex, input)),
  answerRpc(RPC.crm.stats, (_input, { knex, config }) => countCrmStats(knex, config.SITE_TIME_ZONE)),
  answerRpc(RPC.crm.lotLeads, (input, { knex }) => countLotLeads(knex, input)),
  answerRpc(RPC.crm.contactsList, async (input, ctx) =>
    listContacts(ctx.knex, await withSegmentWhere(ctx.knex, input, segmentContextOf(ctx))),
  ),
  answerRpc(RPC.crm.contactGet, ({ id }, { knex }) => getContact(knex, id)),
  answerRpc(RPC.crm.contactCreate, (input, { knex }) => createContact(knex, input)),
  answerRpc(RPC.crm.contactUpdate, ({ id, contact }, { knex }) => updateContact(knex, id, contact)),
  answerRpc(RPC.crm.contactDelete, ({ id }, { knex }) => deleteContact(knex, id)),
  answerRpc(RPC.crm.contactHistory, ({ id }, { knex }) => getContactHistory(knex, id)),
  answerRpc(RPC.crm.contactsImportChunk, async (chunk, { knex, counters }) => {
    const counts = await upsertImportChunk(knex, chunk);
    counters.inc('crm_import_rows_total', { outcome: 'imported' }, counts.imported);
    counters.inc('crm_import_rows_total', { outcome: 'updated' }, counts.updated);
    return counts;
  }),
  answerRpc(RPC.crm.customFieldsList, (_input, { knex }) => listCustomFields(knex)),
  answerRpc(RPC.crm.customFieldCreate, (input, { knex }) => createCustomField(knex, input)),
  answerRpc(RPC.crm.customFieldUpdate, ({ id, field }, { knex }) => updateCustomField(knex, id, field)),
  answerRpc(RPC.crm.customFieldDelete, ({ id }, { knex }) => deleteCustomField(knex, id)),
  answerRpc(RPC.crm.listsList, (_input, { knex }) => listLists(knex)),
  answerRpc(RPC.crm.listGet, ({ id }, { knex }) => getStoredList(knex, id)),
  answerRpc(RPC.crm.listCreate, (input, { knex }) => createList(knex, input)),
  answerRpc(RPC.crm.listUpdate, ({ id, list }, { knex }) => updateList(knex, id, list)),
  answerRpc(RPC.crm.listDelete, ({ id }, { knex }) => deleteList(knex, id)),
  answerRpc(RPC.crm.listDuplicate, ({ id, copy }, { knex }) => duplicateList(knex, id, copy)),
  answerRpc(RPC.crm.listMembersAdd, (input, { knex }) => addListMembers(knex, input)),
  answerRpc(RPC.crm.contactsBulkChunk, (input, ctx) => applyContactsBulk(ctx.knex, input, segmentContextOf(ctx))),
  answerRpc(RPC.crm.listMemberRemove, ({ listId, contactId }, { knex }) => removeListMember(knex, listId, contactId)),
  answerRpc(RPC.crm.listMembersJoined, (input, { knex }) => listJoinedMembers(knex, input)),
  answerRpc(RPC.crm.sessionContacts, ({ sessionIds }, { knex }) => listSessionContacts(knex, sessionIds)),
  answerRpc(RPC.crm.lotLeadContacts, (input, { knex }) => listLotLeadContacts(knex, input)),
  answerRpc(RPC.crm.submissionConvert, ({ submissionId, listId }, { knex }) =>
    convertSubmission(knex, submissionId, listId),
  ),
];
