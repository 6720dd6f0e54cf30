/**
 * The import dialog's column mapping end to end (HTTP → gateway → crm → PostgreSQL, embedded
 * backends): the preview reads real exports' beginnings as the import would (Outlook's
 * Windows-1252 file, European Excel's semicolons, Google's layout), refuses what the import
 * refuses with the same words, and an import sent with a chosen mapping stores what it says: a
 * column skipped is not stored, a column remapped fills its chosen field, a bad mapping is a 400
 * saying what is wrong.
 */
import { readFileSync } from 'node:fs';
import {
  IMPORT_PREVIEW_BYTES,
  IMPORT_PREVIEW_ROWS,
  type Contact,
  type ImportMapping,
  type ImportPreview,
  type ImportResult,
} from '@lp/contracts';
import { describe, expect, it } from 'vitest';
import { useStack } from '../support/fixtures.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../services/gateway/src/staff-api/contacts/fixtures/${name}`, import.meta.url));

describe('the import column mapping', () => {
  let token: string;
  const stack = useStack({
    env: { IMPORT_RATE_LIMIT: '1000' },
    setup: async () => {
      token = await stack.login();
    },
  });

  const post = (path: string, content: string | Buffer, options: Record<string, string> = {}, filename = 'x.csv') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(options)) form.append(name, value);
    form.append('file', new Blob([content], { type: 'text/csv' }), filename);
    return fetch(`${stack.baseUrl}/api/marketing/contacts/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const json = async <T>(res: Response, status = 200): Promise<T> => {
    const text = await res.text();
    expect(res.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const preview = async (content: string | Buffer) => json<ImportPreview>(await post('import/preview', content));
  const refusal = async (res: Response, status = 400) =>
    (await json<{ error: { message: string } }>(res, status)).error.message;
  const contactByEmail = async (email: string) =>
    (await json<Contact[]>(await stack.api(`/api/marketing/contacts?q=${encodeURIComponent(email)}`, { token }))).find(
      (c) => c.email === email,
    );

  it("previews Outlook's Windows-1252 export, European Excel's semicolons and Google's layout", async () => {
    const outlook = await preview(fixture('outlook-cp1252.csv'));
    expect(outlook.format).toEqual({ encoding: 'Windows-1252', delimiter: ',' });
    expect(outlook.header).toHaveLength(92);
    expect(outlook.columns).toHaveLength(92);
    expect(outlook.columns[outlook.header.indexOf('E-mail Address')]).toBe('email');
    expect(outlook.rows[0]!.cells[outlook.header.indexOf('Last Name')]).toBe('Lefèvre');

    const excel = await preview(fixture('mailchimp-excel-semicolon.csv'));
    expect(excel.format).toEqual({ encoding: 'Windows-1252', delimiter: ';' });
    expect(excel.columns.slice(0, 5)).toEqual(['email', 'firstName', 'lastName', 'address', 'phone']);
    expect(excel.rows.map((r) => r.cells[2])).toEqual(['Schröder', 'Åkesson']);

    const google = await preview(fixture('google-contacts.csv'));
    expect(google.header[0]).toBe('First Name');
    expect(google.rows.map((r) => r.cells[google.header.indexOf('E-mail 1 - Value')])).toEqual([
      'grace@example.com',
      'jose.nunez@example.mx',
    ]);
  });

  it("previews the dialog's slice of a big file: exactly IMPORT_PREVIEW_BYTES, cut mid-row", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `person${i}@import.test,Person ${i}`).join('\n');
    const slice = Buffer.from(`email,firstName\n${rows}\n`).subarray(0, IMPORT_PREVIEW_BYTES);
    const read = await preview(slice);
    expect(read.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
    expect(read.rows[0]).toEqual({ line: 2, cells: ['person0@import.test', 'Person 0'] });
  });

  it('refuses a preview the import would refuse, with the same words', async () => {
    const anonymous = await stack.api('/api/marketing/contacts/import/preview', { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await refusal(await post('import/preview', 'email\na@x.co\n', {}, 'contacts.txt'))).toBe(
      'Please upload a CSV file',
    );
    expect(await refusal(await post('import/preview', '\r\n\r\n'))).toBe('The file is empty');
    expect(await refusal(await post('import/preview', Buffer.alloc(300 * 1024, 'a')), 413)).toBe(
      'The preview reads the first 256 KB of a file: send no more',
    );
  });

  it('imports with the chosen mapping: a column skipped is not stored, a column remapped fills its field', async () => {
    const csv = 'Email,Name,Phone,Town\nmapped@import.test,Mapa,555-0101,Page AZ\n';
    const { columns } = await preview(csv);
    expect(columns).toEqual(['email', null, 'phone', null]);
    const chosen: ImportMapping = ['email', 'firstName', null, 'address'];
    const result = await json<ImportResult>(await post('import', csv, { columns: JSON.stringify(chosen) }));
    expect(result).toMatchObject({ imported: 1, invalid: 0, ignoredColumns: ['Phone'] });
    expect(await contactByEmail('mapped@import.test')).toMatchObject({
      firstName: 'Mapa',
      phone: null,
      metadata: { address: 'Page AZ' },
    });
  });

  it('imports a header in another language once its email column is chosen: the preview offers it, a plain import refuses', async () => {
    const csv = 'Nombre;Apellidos;Correo;Móvil\r\nLucía;Gómez;lucia@import.test;+34 600 555 010\r\n';
    expect(await refusal(await post('import', csv))).toMatch(/^The file has no email column/);
    const read = await preview(csv);
    expect(read).toMatchObject({
      header: ['Nombre', 'Apellidos', 'Correo', 'Móvil'],
      columns: [null, null, 'email', null],
    });
    const chosen: ImportMapping = ['firstName', 'lastName', 'email', 'phone'];
    const result = await json<ImportResult>(await post('import', csv, { columns: JSON.stringify(chosen) }));
    expect(result).toMatchObject({ imported: 1, invalid: 0, ignoredColumns: [] });
    expect(await contactByEmail('lucia@import.test')).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Gómez',
      phone: '+34 600 555 010',
    });
  });

  it('refuses a bad mapping with a 400 saying what is wrong, before anything is stored', async () => {
    const csv = 'email,phone\nrefused@import.test,1\n';
    const send = (columns: string) => post('import', csv, { columns });
    expect(await refusal(await send('["phone",null]'))).toBe('Choose the column that holds the email');
    expect(await refusal(await send('["email","age"]'))).toBe(
      'Each column must be one of email, firstName, lastName, phone, address, notes, tags, custom:<key>, or null to skip it',
    );
    expect(await refusal(await send('email'))).toBe('columns must be a JSON array of fields');
    expect(await refusal(await send('["email","phone",null]'))).toBe(
      "The column mapping names 3 columns but the file's header row has 2: choose the file again to see its columns",
    );
    expect(await contactByEmail('refused@import.test')).toBeUndefined();
  });
});
