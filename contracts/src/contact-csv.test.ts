import { describe, expect, it } from 'vitest';
import { csvCell, csvDelimiterOf, fieldOfHeader, importFileProblem, rowJsonBytes } from './contact-csv.ts';
import type { ImportRow } from './crm.ts';

describe('importFileProblem', () => {
  it('asks for a file, then for a .csv one', () => {
    expect(importFileProblem(null)).toBe('Please select a file to import');
    expect(importFileProblem(new File(['x'], 'contacts.xlsx'))).toBe('Please upload a CSV file');
    expect(importFileProblem(new File(['x'], 'Contacts.CSV'))).toBeNull();
  });
});

describe('fieldOfHeader', () => {
  it('maps header spellings of other tools, in any case and spacing', () => {
    expect(
      ['Email Address', ' E-mail ', 'FIRST NAME', 'first_name', 'Last Name', 'Phone Number', 'Notes', 'Colour'].map(
        (h) => fieldOfHeader(h),
      ),
    ).toEqual(['email', 'email', 'firstName', 'firstName', 'lastName', 'phone', 'notes', undefined]);
  });

  it("reads Thunderbird's address book export: its first e-mail, phones and home address", () => {
    // The first columns of Thunderbird's CSV export of an address book, as it names them.
    const header =
      'First Name,Last Name,Display Name,Nickname,Primary Email,Secondary Email,Screen Name,Work Phone,Home Phone,Fax Number,Pager Number,Mobile Number,Home Address,Home Address 2,Home City,Home State,Home ZipCode,Home Country,Work Address,Notes';
    const mapped = header.split(',').map((name) => [name, fieldOfHeader(name)] as const);
    expect(mapped.filter(([, field]) => field)).toEqual([
      ['First Name', 'firstName'],
      ['Last Name', 'lastName'],
      ['Primary Email', 'email'],
      ['Secondary Email', 'email'],
      ['Work Phone', 'phone'],
      ['Home Phone', 'phone'],
      ['Mobile Number', 'phone'],
      ['Home Address', 'address'],
      ['Work Address', 'address'],
      ['Notes', 'notes'],
    ]);
  });
});

describe('rowJsonBytes', () => {
  it('counts what a row adds to the chunk JSON, escapes and multi-byte characters included', () => {
    const rows: ImportRow[] = [
      ['ann@example.com', 'Ann', null, '928-555-0100', null, null, null, null],
      ['zoë@example.com', 'Zoë "Z"', 'Ünal\\Ö', null, '1 Main St,\nPage AZ', 'tab\there\u0001', null, null],
      ['b@x.co', null, null, null, null, null, ['vip', 'lake "view"'], { budget: 250000, moved: true }],
      ['lot@x.co', '€uro', '🏠 lot 12', 'Zoë 🏠 "Z"', null, null, ['zoë'], { note: 'Zoë 🏠' }],
    ];
    for (const row of rows) expect(rowJsonBytes(row)).toBe(Buffer.byteLength(JSON.stringify(row)) + 1);
    const chunk = JSON.stringify(rows);
    expect(rows.reduce((n, row) => n + rowJsonBytes(row), 2)).toBeGreaterThanOrEqual(Buffer.byteLength(chunk));
  });
});

describe('csvCell', () => {
  it('defuses formulas and quotes what needs quoting', () => {
    expect(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', 'plain', 'a,b', 'say "hi"', null].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
      '"a,b"',
      '"say ""hi"""',
      '',
    ]);
  });
});

describe('csvDelimiterOf', () => {
  it('reads the separator off the header row, past notes above it and whatever the rows below hold', () => {
    expect(csvDelimiterOf('email;firstName\r\na@x.co;Ann\r\n')).toBe(';');
    expect(csvDelimiterOf('email\tname\na@x.co\tAnn\n')).toBe('\t');
    expect(csvDelimiterOf('Notes:\n"A note, with commas; and semicolons"\n\nemail;name\n')).toBe(';');
    expect(csvDelimiterOf('email,name,notes\na@x.co,Ann,a;b;c;d;e;f\n')).toBe(',');
    expect(csvDelimiterOf('email\na@x.co\n')).toBe(',');
  });
});
