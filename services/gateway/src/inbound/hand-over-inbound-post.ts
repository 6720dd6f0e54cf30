/**
 * Hands a post over to the mailer, which owns the inbox: its bytes into the bus's large-payload
 * store under a fresh key (`handOver`; a post is over NATS's max_payload), then the mailer asked
 * to parse and store it (`rpc.mailer.inbound.receive`). Resolves with the mailer's answer once the
 * message is committed in its tables; the mailer's refusal (400/413/415: not the provider's post)
 * passes through as it is. A bus or mailer that cannot take it is a 503 with `unavailableMessage`:
 * providers retry. A post the mailer did not keep is deleted here, since nobody else will take it.
 */
import { INBOUND_RECEIVE_TIMEOUT_MS, RPC, type InboundAccepted, type InboundSource } from '@lp/contracts';
import { AppError, callRpc, handOver, isBusError, unavailable, type Bus, type RpcCallOptions } from '@lp/runtime';

export type InboundPost = {
  source: InboundSource;
  /** The request's Content-Type, boundary and all: the mailer's parser needs it. */
  contentType: string;
  body: Uint8Array | AsyncIterable<Uint8Array>;
};

export async function handOverInboundPost(
  bus: Bus,
  post: InboundPost,
  asked: RpcCallOptions & { unavailableMessage: string; signal?: AbortSignal },
): Promise<InboundAccepted> {
  const { unavailableMessage, signal, ...callOptions } = asked;
  const { key } = await handOver(bus, 'inbound', post.body).catch((err: unknown) => {
    if (isBusError(err)) throw unavailable(unavailableMessage);
    throw err;
  });
  try {
    // A poster that hung up while its bytes were stored has nothing stored; it posts again.
    signal?.throwIfAborted();
    return await callRpc(
      bus,
      RPC.mailer.inboundReceive,
      { key, source: post.source, contentType: post.contentType },
      { ...callOptions, timeoutMs: INBOUND_RECEIVE_TIMEOUT_MS },
    );
  } catch (err) {
    await bus.deleteLarge(key).catch((e: unknown) => asked.log.warn({ err: e, key }, 'inbound post not deleted'));
    // The mailer away, too slow or unable to take it: the same answer as a bus that is away,
    // keeping a busy mailer's Retry-After.
    if (err instanceof AppError && err.status === 503)
      throw new AppError(503, 'unavailable', unavailableMessage, err.details);
    throw err;
  }
}
