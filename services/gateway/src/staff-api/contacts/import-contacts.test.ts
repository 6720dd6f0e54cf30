import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ImportChunkInput, ImportItem, ImportMapping } from '@lp/contracts';
import { AppError, Counters, createLogger, type Bus } from '@lp/runtime';
import { createChunkSender, previewImportCsv, readImportCsv } from './import-contacts.ts';

async function read(text: string | Buffer, chunkSize = 7, mapping?: ImportMapping): Promise<ImportItem[]> {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  // Small pieces: the parser must carry quotes, CRLF and the BOM across chunk boundaries.
  const pieces = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
    bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
  );
  const out: ImportItem[] = [];
  for await (const batch of readImportCsv(Readable.from(pieces), {}, mapping)) out.push(...batch);
  return out;
}

describe('readImportCsv', () => {
  it('handles a BOM, CRLF, quoted commas and newlines, blank lines and unknown columns', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        'Email Address,Colour,First Name,notes\r\n\r\na@x.co,red,"Smith, Ann","two\r\nlines"\r\n\r\n   \r\nb@x.co,,Bo,\r\n',
      ),
    ]);
    expect(await read(csv)).toEqual([
      { row: ['a@x.co', 'Smith, Ann', null, null, null, 'two\r\nlines', null, null] },
      { row: ['b@x.co', 'Bo', null, null, null, null, null, null] },
    ]);
  });

  it('reports invalid rows with their line number and reason, and keeps going', async () => {
    const csv = 'email,firstName\nok@x.co,A\nnope,B\n,C\n"multi\nline@x.co",D\nfine@x.co,E\n';
    expect(await read(csv)).toEqual([
      { row: ['ok@x.co', 'A', null, null, null, null, null, null] },
      { error: { line: 3, reason: 'Invalid email (nope)', cells: ['nope', 'B'] } },
      { error: { line: 4, reason: 'Email is missing', cells: ['', 'C'] } },
      { error: { line: 5, reason: expect.stringMatching(/^Invalid email/), cells: ['multi\nline@x.co', 'D'] } },
      { row: ['fine@x.co', 'E', null, null, null, null, null, null] },
    ]);
  });

  it('refuses an empty file and a file without an email column; a header alone yields nothing', async () => {
    await expect(read('')).rejects.toThrow('The file is empty');
    await expect(read('\r\n\r\n')).rejects.toThrow('The file is empty');
    await expect(read('name,phone\nA,1\n')).rejects.toThrow(/no email column/);
    expect(await read('email,firstName\r\n')).toEqual([]);
  });

  it('keeps duplicate e-mails of one file for crm to merge (any case)', async () => {
    expect(await read('email\nA@x.co\na@X.CO\n')).toEqual([
      { row: ['A@x.co', null, null, null, null, null, null, null] },
      { row: ['a@X.CO', null, null, null, null, null, null, null] },
    ]);
  });
});

describe('readImportCsv with the mapping chosen in the dialog', () => {
  const csv = 'Email,Name,Phone,Town\nann@x.co,Ann,555-0101,Page\n';

  it('reads each column as the mapping says: a column skipped is not stored, one remapped fills its new field', async () => {
    expect(await read(csv, 7, ['email', 'firstName', null, 'address'])).toEqual([
      { row: ['ann@x.co', 'Ann', null, null, 'Page', null, null, null] },
    ]);
    // Several columns may fill one field: the first filled wins.
    expect(await read('email,a,b\nann@x.co,,second\n', 7, ['email', 'notes', 'notes'])).toEqual([
      { row: ['ann@x.co', null, null, null, null, 'second', null, null] },
    ]);
  });

  it("names the columns the mapping skips, and refuses a mapping of another length than the file's header", async () => {
    let ignored: string[] = [];
    const items = readImportCsv(Readable.from([Buffer.from(csv)]), { header: (_, names) => (ignored = names) }, [
      'email',
      null,
      'phone',
      null,
    ]);
    for await (const _ of items);
    expect(ignored).toEqual(['Name', 'Town']);
    await expect(read(csv, 7, ['email', 'firstName'])).rejects.toThrow(
      "The column mapping names 2 columns but the file's header row has 4",
    );
  });
});

describe('a header naming no e-mail column (German Outlook: "E-Mail-Adresse")', () => {
  // The first columns of German Outlook's CSV export, as Excel writes them there (semicolons).
  const header = 'Anrede;Vorname;Nachname;Firma;Mobiltelefon;E-Mail-Adresse;Notizen';
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => `Frau;Jana${i};Krüger;;0151 555 01${i};jana${i}@beispiel.de;`);
  const file = (n: number) => [header, ...rows(n)].join('\r\n') + '\r\n';
  const mapping: ImportMapping = [null, 'firstName', 'lastName', null, 'phone', 'email', 'notes'];

  it('is refused without a mapping, as before: the file has no email column', async () => {
    await expect(read(file(3))).rejects.toThrow(/no email column/);
    await expect(read(file(12))).rejects.toThrow(/no email column/);
  });

  it('is previewed with its first row as the header and the column of addresses offered as the email', async () => {
    const preview = await previewImportCsv(Readable.from([Buffer.from(file(12))]));
    expect(preview.header).toEqual(header.split(';'));
    expect(preview.columns).toEqual([null, null, null, null, null, 'email', null]);
    expect(preview.rows[0]).toEqual({ cells: rows(1)[0]!.split(';'), line: 2 });
  });

  it('imports every row with the mapping chosen in the dialog, short files and long ones alike', async () => {
    for (const n of [3, 12]) {
      const items = await read(file(n), 7, mapping);
      expect(items).toHaveLength(n);
      expect(items[0]).toEqual({
        row: ['jana0@beispiel.de', 'Jana0', 'Krüger', '0151 555 010', null, null, null, null],
      });
      expect(items[n - 1]).toEqual({
        row: [`jana${n - 1}@beispiel.de`, `Jana${n - 1}`, 'Krüger', `0151 555 01${n - 1}`, null, null, null, null],
      });
    }
  });
});

describe('readImportCsv: text PostgreSQL cannot store', () => {
  it('makes a row with a NUL in any cell an invalid row naming the column', async () => {
    expect(
      await read(
        'email,firstName,notes,address\na\u0000b@x.co,A,,\nc@x.co,B\u0000,,\nd@x.co,D,n\u0000,\ne@x.co,E,,x\u0000\n',
      ),
    ).toEqual([
      { error: expect.objectContaining({ line: 2, reason: expect.stringMatching(/^Invalid email/) }) },
      { error: expect.objectContaining({ line: 3, reason: 'firstName: Contains a character that is not allowed' }) },
      { error: expect.objectContaining({ line: 4, reason: 'notes: Contains a character that is not allowed' }) },
      { error: expect.objectContaining({ line: 5, reason: 'address: Contains a character that is not allowed' }) },
    ]);
  });
});

describe('createChunkSender when crm stops answering part-way', () => {
  /** A crm that answers the chunks `answered` and never the others (a 503 to the caller). */
  const crmAnswering = (answered: (seq: number) => boolean) =>
    ({
      request: async (_subject: string, payload: unknown) => {
        const chunk = payload as ImportChunkInput;
        if (!answered(chunk.seq)) throw new Error('no responders');
        return { ok: true, data: { imported: chunk.rows.length, updated: 0, unchanged: 0, skipped: 0 } };
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
      if (sender.add([`row${i}@example.com`, null, null, null, null, null, null, null])) await sender.flush();
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
