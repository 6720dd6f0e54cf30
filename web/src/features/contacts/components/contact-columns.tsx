/**
 * The contacts table's columns: name, e-mail, phone, status and added date (the last two hidden on
 * phones), and the optional ones the column picker may add: the tags and each custom field.
 */
import type { Contact, CustomField, CustomValue } from '@lp/contracts';
import type { Column } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { contactName } from '../lib/contact-name';
import { formatDate } from '../../../lib/site-time';

const STATUS_STYLE: Record<Contact['status'], string> = {
  subscribed: 'bg-green-100 text-green-900',
  unsubscribed: 'bg-stone-200 text-stone-800',
  bounced: 'bg-red-100 text-red-900',
  other: 'bg-amber-100 text-amber-900',
};

export const CONTACT_COLUMNS: Column<Contact>[] = [
  { header: 'Name', cell: (c) => <span className="font-medium text-stone-900">{contactName(c)}</span> },
  { header: 'Email', cell: (c) => <EmailAddress value={c.email} /> },
  {
    header: 'Phone',
    cell: (c) => c.phone ?? '—',
    className: 'hidden md:table-cell',
    cellClassName: 'whitespace-nowrap',
  },
  {
    header: 'Status',
    cell: (c) => (
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[c.status]}`}>{c.status}</span>
    ),
    className: 'hidden sm:table-cell',
  },
  { header: 'Added', cell: (c) => formatDate(c.createdAt), className: 'hidden lg:table-cell' },
];

/** A column the person may show or hide, by its id (`tags`, `custom:<key>`). */
export type OptionalColumn = { id: string; label: string; column: Column<Contact> };

const customCell = (value: CustomValue | undefined) =>
  value === undefined ? '—' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

export function optionalContactColumns(fields: readonly CustomField[]): OptionalColumn[] {
  return [
    {
      id: 'tags',
      label: 'Tags',
      column: {
        header: 'Tags',
        cell: (c) =>
          c.tags.length === 0 ? (
            '—'
          ) : (
            <span className="flex flex-wrap gap-1">
              {c.tags.map((t) => (
                <span key={t} className="rounded-full bg-lake-50 px-2 py-0.5 text-xs text-lake-900">
                  {t}
                </span>
              ))}
            </span>
          ),
      },
    },
    ...fields.map((f) => ({
      id: `custom:${f.key}`,
      label: f.name,
      column: { header: f.name, cell: (c: Contact) => customCell(c.customFields[f.key]) },
    })),
  ];
}
