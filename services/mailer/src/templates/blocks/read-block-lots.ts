/**
 * The lots a template's lot cards name, as visitors see them (asked of the inventory, which owns
 * them; only when there is a lot card; 503 while the inventory does not answer). A card naming a lot the inventory does not have is a 400
 * naming the block's field, so the editor shows it beside the card.
 */
import { RPC, type EmailBlock, type PublicLot } from '@lp/contracts';
import { AppError, badRequest, callRpc, unavailable, type Bus, type Logger } from '@lp/runtime';

export async function readBlockLots(
  deps: { bus: Bus; log: Logger },
  blocks: readonly EmailBlock[],
): Promise<Map<number, PublicLot>> {
  const wanted = blocks.flatMap((b, i) => (b.type === 'lot' ? [{ i, number: b.lotNumber }] : []));
  if (!wanted.length) return new Map();
  const { lots } = await callRpc(deps.bus, RPC.inventory.lotsList, {}, { log: deps.log }).catch((err: unknown) => {
    if (err instanceof AppError && err.status < 500) throw err;
    deps.log.warn({ err }, 'lots for a lot card could not be read');
    throw unavailable('The lot details could not be loaded right now; please try again');
  });
  const byNumber = new Map(lots.map((l) => [l.number, l]));
  const missing = wanted.filter((w) => !byNumber.has(w.number));
  if (missing.length)
    throw badRequest(`There is no lot ${missing[0]!.number}`, {
      fields: Object.fromEntries(missing.map((m) => [`blocks.${m.i}.lotNumber`, [`There is no lot ${m.number}`]])),
    });
  return byNumber;
}
