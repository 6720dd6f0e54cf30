/**
 * Inbound mail handed over by the gateway (contracts' `RPC.mailer.inboundReceive`). Each running
 * handler has its own turns, so the bound on parses holds per mailer process.
 */
import { RPC } from '@lp/contracts';
import { answerRpc, parseSlots, type RpcHandlerDefinition } from '@lp/runtime';
import { INBOUND_PARSES_AT_ONCE, INBOUND_PARSES_WAITING, receiveInboundMail } from '../inbox/receive-inbound-mail.ts';

export const serveInboundRequests: RpcHandlerDefinition = {
  subject: RPC.mailer.inboundReceive.subject,
  serve(deps, queue) {
    const slots = parseSlots(INBOUND_PARSES_AT_ONCE, INBOUND_PARSES_WAITING);
    return answerRpc(RPC.mailer.inboundReceive, (input, ctx) => receiveInboundMail(input, ctx, slots)).serve(
      deps,
      queue,
    );
  },
};
