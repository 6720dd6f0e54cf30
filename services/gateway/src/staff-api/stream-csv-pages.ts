/**
 * A CSV download streamed page after page from a service: the first page is asked before the
 * answer starts (so a refused request is still a plain error), the rest while the browser reads.
 * Any number of rows stays small in memory.
 */
import { Readable } from 'node:stream';
import { csvLine } from '@lp/contracts';
import type { GatewayContext } from '../routes/context.ts';

export async function streamCsvPages<P>(
  ctx: GatewayContext,
  csv: {
    filename: string;
    header: readonly string[];
    first: () => Promise<P>;
    /** The page's rows, each a `csvLine`. */
    lines: (page: P) => string[];
    /** The page after this one, or null after the last. */
    next: (page: P) => Promise<P> | null;
  },
): Promise<void> {
  const first = await csv.first();
  ctx.set('Content-Type', 'text/csv; charset=utf-8');
  ctx.set('Content-Disposition', `attachment; filename="${csv.filename}"`);
  ctx.body = Readable.from(
    (async function* () {
      yield csvLine(csv.header);
      let page: P | null = first;
      while (page !== null) {
        yield csv.lines(page).join('');
        page = await csv.next(page);
      }
    })(),
  );
}
