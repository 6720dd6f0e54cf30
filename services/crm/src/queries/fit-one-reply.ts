/**
 * The part of a page that fits in one bus reply: at most `limit` items (of the `limit + 1` a
 * query read), ending early before the reply would outgrow NATS's max_payload (long messages,
 * notes or addresses). `more` says a next page starts after the last item kept.
 */
import { BUS_MAX_PAYLOAD_BYTES } from '@lp/contracts';

/** Room for a page in one reply, with the envelope around it. */
const PAGE_MAX_BYTES = Math.floor(BUS_MAX_PAYLOAD_BYTES * 0.75);

export function fitOneReply<T>(items: T[], limit: number): { page: T[]; more: boolean } {
  const page: T[] = [];
  let bytes = 0;
  for (const item of items.slice(0, limit)) {
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes > PAGE_MAX_BYTES && page.length > 0) break;
    page.push(item);
  }
  return { page, more: items.length > page.length };
}
