/**
 * A CSV of contacts (the contacts screen's export, a segment's export), streamed page after page
 * from crm: the export's columns, then `tags` and a column per custom field as they stand when
 * the export starts, so the file imports back into the same fields.
 */
import { contactCsvLine, exportHeader, RPC, type ContactsPage } from '@lp/contracts';
import { callRpc, type Bus } from '@lp/runtime';
import { askedBy, type GatewayContext } from '../../routes/context.ts';
import { streamCsvPages } from '../stream-csv-pages.ts';

export async function streamContactsCsv(
  ctx: GatewayContext,
  bus: Bus,
  csv: {
    /** The file's name before its date: `contacts`, `segment-4`. */
    name: string;
    /** A page of the contacts from `cursor` on (the first page without one). */
    page: (cursor?: number) => Promise<ContactsPage>;
  },
): Promise<void> {
  const custom = await callRpc(bus, RPC.crm.customFieldsList, {}, askedBy(ctx));
  await streamCsvPages(ctx, {
    filename: `${csv.name}-${new Date().toISOString().slice(0, 10)}.csv`,
    header: exportHeader(custom),
    first: () => csv.page(),
    lines: (p) => p.contacts.map((c) => contactCsvLine(c, custom)),
    next: (p) => (p.nextCursor === null ? null : csv.page(p.nextCursor)),
  });
}
