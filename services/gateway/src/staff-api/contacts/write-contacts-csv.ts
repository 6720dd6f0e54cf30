/**
 * Contacts as CSV for the export: one header row, RFC 4180 quoting, and cells that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return) prefixed with an
 * apostrophe (OWASP's advice against CSV injection).
 */
import type { Contact } from '@lp/contracts';

export const EXPORT_HEADER = [
  'email',
  'firstName',
  'lastName',
  'phone',
  'status',
  'source',
  'address',
  'notes',
  'createdAt',
];

export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly (string | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const contactCsvLine = (c: Contact) =>
  csvLine([
    c.email,
    c.firstName,
    c.lastName,
    c.phone,
    c.status,
    c.source,
    c.metadata.address,
    c.metadata.notes,
    c.createdAt,
  ]);
