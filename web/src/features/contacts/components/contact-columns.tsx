/** The contacts table's columns: name, e-mail, phone, status and added date (the last two hidden on phones). */
import type { Contact } from '@lp/contracts';
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
