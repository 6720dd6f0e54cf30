/** The public lots through the gateway's cache (asked of inventory on a miss). */
import { RPC, type PublicLots } from '@lp/contracts';
import { callRpc, type RpcCallOptions } from '@lp/runtime';
import type { GatewayDeps } from '../../routes/context.ts';

export function loadPublicLots(
  { bus, lots }: Pick<GatewayDeps, 'bus' | 'lots'>,
  asked: RpcCallOptions,
): Promise<PublicLots> {
  return lots.get(() => callRpc(bus, RPC.inventory.lotsList, {}, asked), asked.log);
}
