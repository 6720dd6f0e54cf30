/** The inbox's request handlers (contracts' `RPC.mailer.inbox*`): list, details, bodies and attachments (large ones handed over), read/unread, status, delete. */
import { RPC } from '@lp/contracts';
import { answerRpc, giveBytes, notFound } from '@lp/runtime';
import { deleteInboundMessage } from '../queries/delete-inbound-message.ts';
import { findInboundMessage } from '../queries/find-inbound-message.ts';
import { listInboundMessages } from '../queries/list-inbound-messages.ts';
import { readInboundContent } from '../queries/read-inbound-content.ts';
import { updateInboundMessage } from '../queries/update-inbound-message.ts';

const missing = () => notFound('Email not found');
const orMissing = <T>(value: T | null): T => {
  if (value === null) throw missing();
  return value;
};

export const serveInboxRequests = [
  answerRpc(RPC.mailer.inboxList, (input, { knex }) => listInboundMessages(knex, input)),
  answerRpc(RPC.mailer.inboxGet, async ({ id }, { knex }) => orMissing(await findInboundMessage(knex, id))),
  answerRpc(RPC.mailer.inboxContentRead, async ({ id, part }, { bus, knex }) => {
    const { data, ...meta } = orMissing(await readInboundContent(knex, id, part));
    return { content: await giveBytes(bus, 'inbox-content', data), ...meta };
  }),
  answerRpc(RPC.mailer.inboxSetRead, async ({ id, isRead }, { knex }) =>
    orMissing(await updateInboundMessage(knex, id, { is_read: isRead })),
  ),
  answerRpc(RPC.mailer.inboxSetStatus, async ({ id, status }, { knex }) =>
    orMissing(await updateInboundMessage(knex, id, { status })),
  ),
  answerRpc(RPC.mailer.inboxDelete, async ({ id }, { knex, log }) => {
    if (!(await deleteInboundMessage(knex, id))) throw missing();
    log.info({ inboxId: id }, 'inbox email deleted');
    return { deleted: true as const };
  }),
];
