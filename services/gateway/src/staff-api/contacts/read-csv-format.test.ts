/**
 * Real export layouts (fixtures/README.md): each read in its own encoding and separator, every
 * field where it belongs; the mapping preview reads their beginnings the same way.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '@lp/contracts';
import { previewImportCsv, readImportCsv } from './import-contacts.ts';
import { encodingOf, type CsvFormat } from './read-csv-format.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** The file as an upload arrives: in small pieces, so a character or a quote may be cut between two. */
async function read(bytes: Buffer, chunkSize = 13): Promise<{ items: ImportItem[]; format?: CsvFormat }> {
  const pieces = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, i) =>
    bytes.subarray(i * chunkSize, (i + 1) * chunkSize),
  );
  const items: ImportItem[] = [];
  let format: CsvFormat | undefined;
  for await (const batch of readImportCsv(Readable.from(pieces), { format: (f) => (format = f) })) items.push(...batch);
  return { items, ...(format ? { format } : {}) };
}

describe('contact exports as people have them', () => {
  it("reads Outlook's Windows-1252 export: accents intact, the first filled phone and e-mail of several", async () => {
    const { items, format } = await read(fixture('outlook-cp1252.csv'));
    expect(format).toEqual({ encoding: 'Windows-1252', delimiter: ',' });
    expect(items).toEqual([
      {
        row: [
          'francois.lefevre@example.fr',
          'François',
          'Lefèvre',
          // Business Phone comes before Mobile Phone in Outlook's columns: the first filled wins.
          '+33 1 40 00 00 00',
          null,
          'Asked about lot 12 — lake view',
          null,
          null,
        ],
      },
      { row: ['soren@example.dk', 'Søren', 'Kjærgård', '+45 33 12 34 56', null, null, null, null] },
      // No first e-mail: the second one is the contact's.
      { row: ['zoe.mueller@example.de', 'Zoë', 'Müller', '+49 30 1234567', null, null, null, null] },
    ]);
  });

  it("reads both Google Contacts layouts: the first of Google's ' ::: ' values, the formatted address", async () => {
    const legacy = await read(fixture('google-legacy.csv'));
    expect(legacy.format).toEqual({ encoding: 'UTF-8', delimiter: ',' });
    expect(legacy.items).toEqual([
      {
        row: [
          'dana.delgado@example.com',
          'Dana-Marie',
          'Delgado',
          '(928) 555-0142',
          '12 Lakeshore Dr\nPage, AZ 86040',
          null,
          null,
          null,
        ],
      },
      { row: ['kenji@example.jp', 'Kenji', 'Tanaka', null, null, '田中さん — prefers e-mail', null, null] },
    ]);
    const current = await read(fixture('google-contacts.csv'));
    expect(current.format).toEqual({ encoding: 'UTF-8', delimiter: ',' });
    expect(current.items).toEqual([
      {
        row: [
          'grace@example.com',
          'Grace',
          'Hopper',
          '+1 928-555-0199',
          '4 Wahweap Blvd, Page, AZ 86040, US',
          null,
          null,
          null,
        ],
      },
      { row: ['jose.nunez@example.mx', 'José', 'Núñez', null, null, null, null, null] },
    ]);
  });

  it('reads a semicolon-separated Windows-1252 file as European Excel saves it', async () => {
    const { items, format } = await read(fixture('mailchimp-excel-semicolon.csv'));
    expect(format).toEqual({ encoding: 'Windows-1252', delimiter: ';' });
    expect(items).toEqual([
      {
        row: [
          'anna.schroeder@example.de',
          'Anna',
          'Schröder',
          '+49 30 987654',
          'Hauptstraße 5; 10115 Berlin',
          null,
          null,
          null,
        ],
      },
      // Mailchimp's TAGS column fills the tags (its quotes dropped).
      { row: ['lars@example.se', 'Lars', 'Åkesson', null, null, null, ['lot 7'], null] },
    ]);
  });

  it('reads Excel\'s "Unicode text": UTF-16 with tabs', async () => {
    const { items, format } = await read(fixture('hubspot-excel-unicode.csv'));
    expect(format).toEqual({ encoding: 'UTF-16LE', delimiter: '\t' });
    expect(items).toEqual([
      { row: ['ingrid@example.no', 'Ingrid', 'Bergström', '+47 912 34 567', 'Storgata 1', null, null, null] },
      { row: ['lukasz@example.pl', 'Łukasz', 'Wójcik', '+48 22 123 45 67', null, null, null, null] },
    ]);
  });
});

describe('encodingOf', () => {
  it('reads a mark first, then valid UTF-8 (a character cut at the end of the sample included), then the detector', () => {
    expect(encodingOf(Buffer.from([0xef, 0xbb, 0xbf, 0x61]))).toBe('UTF-8');
    expect(encodingOf(Buffer.from([0xfe, 0xff, 0, 0x61]))).toBe('UTF-16BE');
    expect(encodingOf(Buffer.from('email,firstName\nа@x.co,Żaneta\n', 'utf8').subarray(0, -2))).toBe('UTF-8');
    expect(encodingOf(Buffer.from('email,firstName\nann@x.co,Fran\xe7ois\n', 'latin1'))).toBe('Windows-1252');
    expect(encodingOf(Buffer.from('email\tname\r\nann@x.co\tAnn\r\n', 'utf16le'))).toBe('UTF-16LE');
    expect(encodingOf(Buffer.alloc(0))).toBe('UTF-8');
  });
});

describe('notes above the header', () => {
  it("finds LinkedIn's header below its notes; a hidden e-mail is a row not imported", async () => {
    const { items, format } = await read(fixture('linkedin-connections.csv'));
    expect(format).toEqual({ encoding: 'UTF-8', delimiter: ',' });
    expect(items).toEqual([
      { row: ['marisol.begay@example.com', 'Marisol', 'Begay', null, null, null, null, null] },
      {
        error: {
          line: 6,
          reason: 'Email is missing',
          cells: [
            'Tom',
            'Yazzie',
            'https://www.linkedin.com/in/tom-yazzie',
            '',
            'Page Builders',
            'Owner',
            '02 Jan 2024',
          ],
        },
      },
    ]);
  });
});

describe('the mapping preview', () => {
  it("reads Outlook's Windows-1252 header and first rows: every column named, the fields its names choose", async () => {
    const preview = await previewImportCsv(Readable.from([fixture('outlook-cp1252.csv')]));
    expect(preview.format).toEqual({ encoding: 'Windows-1252', delimiter: ',' });
    expect(preview.header).toHaveLength(92);
    const at = (name: string) => preview.header.indexOf(name);
    expect(preview.columns[at('First Name')]).toBe('firstName');
    expect(preview.columns[at('E-mail Address')]).toBe('email');
    expect(preview.columns[at('Mobile Phone')]).toBe('phone');
    expect(preview.columns[at('Company')]).toBeNull();
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(preview.rows[0]!.cells[at('First Name')]).toBe('François');
    expect(preview.rows[1]!.cells[at('Last Name')]).toBe('Kjærgård');
  });

  it("reads European Excel's semicolons and Google's layout with its byte-order mark", async () => {
    const excel = await previewImportCsv(Readable.from([fixture('mailchimp-excel-semicolon.csv')]));
    expect(excel.format).toEqual({ encoding: 'Windows-1252', delimiter: ';' });
    expect(excel.header.slice(0, 6)).toEqual([
      'Email Address',
      'First Name',
      'Last Name',
      'Address',
      'Phone Number',
      'MEMBER_RATING',
    ]);
    expect(excel.columns.slice(0, 6)).toEqual(['email', 'firstName', 'lastName', 'address', 'phone', null]);
    expect(excel.rows[0]!.cells.slice(0, 5)).toEqual([
      'anna.schroeder@example.de',
      'Anna',
      'Schröder',
      'Hauptstraße 5; 10115 Berlin',
      '+49 30 987654',
    ]);

    const google = await previewImportCsv(Readable.from([fixture('google-contacts.csv')]));
    expect(google.format).toEqual({ encoding: 'UTF-8', delimiter: ',' });
    // The mark is not part of the first column's name.
    expect(google.header[0]).toBe('First Name');
    expect(google.columns[google.header.indexOf('E-mail 1 - Value')]).toBe('email');
    expect(google.columns[google.header.indexOf('Labels')]).toBeNull();
    expect(google.rows).toHaveLength(2);
  });

  it("finds LinkedIn's header below its notes, and shows the first rows only", async () => {
    const linkedin = await previewImportCsv(Readable.from([fixture('linkedin-connections.csv')]));
    expect(linkedin.header).toEqual([
      'First Name',
      'Last Name',
      'URL',
      'Email Address',
      'Company',
      'Position',
      'Connected On',
    ]);
    expect(linkedin.rows.map((r) => r.line)).toEqual([5, 6]);
    const many = `email,firstName\n${Array.from({ length: 50 }, (_, i) => `p${i}@x.co,P${i}`).join('\n')}\n`;
    const first = await previewImportCsv(Readable.from([Buffer.from(many)]), 3);
    expect(first.rows).toEqual([
      { line: 2, cells: ['p0@x.co', 'P0'] },
      { line: 3, cells: ['p1@x.co', 'P1'] },
      { line: 4, cells: ['p2@x.co', 'P2'] },
    ]);
  });

  it("refuses an empty file with the import's words; a header naming no email is shown, to be mapped by hand", async () => {
    const preview = (text: string) => previewImportCsv(Readable.from([Buffer.from(text)]));
    await expect(preview('')).rejects.toThrow('The file is empty');
    expect(await preview('name,phone\nA,1\n')).toMatchObject({
      header: ['name', 'phone'],
      columns: [null, 'phone'],
      rows: [{ cells: ['A', '1'], line: 2 }],
    });
  });
});
