import { describe, expect, it } from 'vitest';
import type { ImportChunkInput, ImportRow } from '@lp/contracts';
import { AppError, Counters, createLogger, type Bus } from '@lp/runtime';
import { createChunkSender, rowJsonBytes } from './send-import-chunks.ts';

describe('rowJsonBytes', () => {
  it('counts what a row adds to the chunk JSON, escapes and multi-byte characters included', () => {
    const rows: ImportRow[] = [
      ['ann@example.com', 'Ann', null, '928-555-0100', null, null],
      ['zoë@example.com', 'Zoë "Z"', 'Ünal\\Ö', null, '1 Main St,\nPage AZ', 'tab\there\u0001'],
      ['b@x.co', null, null, null, null, null],
    ];
    for (const row of rows) expect(rowJsonBytes(row)).toBe(Buffer.byteLength(JSON.stringify(row)) + 1);
    const chunk = JSON.stringify(rows);
    expect(rows.reduce((n, row) => n + rowJsonBytes(row), 2)).toBeGreaterThanOrEqual(Buffer.byteLength(chunk));
  });
});

describe('createChunkSender when crm stops answering part-way', () => {
  /** A crm that answers the chunks `answered` and never the others (a 503 to the caller). */
  const crmAnswering = (answered: (seq: number) => boolean) =>
    ({
      request: async (_subject: string, payload: unknown) => {
        const chunk = payload as ImportChunkInput;
        if (!answered(chunk.seq)) throw new Error('no responders');
        return { ok: true, data: { imported: chunk.rows.length, updated: 0 } };
      },
    }) as unknown as Bus;
  const importRows = async (bus: Bus, count: number) => {
    const sender = createChunkSender({
      bus,
      asked: { log: createLogger('test', 'silent') },
      counters: new Counters(),
      waitMs: 300,
    });
    for (let i = 0; i < count; i++)
      if (sender.add([`row${i}@example.com`, null, null, null, null, null])) await sender.flush();
    return sender.finish();
  };

  it('says how many contacts were saved and that the same file again finishes the import', async () => {
    const err = await importRows(
      crmAnswering((seq) => seq === 0),
      2500,
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect((err as AppError).message).toBe(
      'The import stopped part-way: the contacts service did not answer. At least 1,000 contacts were saved; ' +
        'import the same file again to finish (contacts already saved are updated, not added twice).',
    );
  });

  it('answers the plain 503 when nothing was saved', async () => {
    const err = await importRows(
      crmAnswering(() => false),
      10,
    ).catch((e: unknown) => e);
    expect((err as AppError).message).toBe('The service is temporarily unavailable. Please try again.');
  });
});
