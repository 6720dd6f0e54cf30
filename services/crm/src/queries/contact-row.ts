/** A `crm.contacts` row as the database gives it, its columns, and its shape for staff (spec §3). */
import type { Contact, ContactSource, ContactStatus } from '@lp/contracts';

export type ContactRow = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  status: ContactStatus;
  source: ContactSource;
  metadata: { address?: string | null; notes?: string | null } | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
};

export const CONTACT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'status',
  'source',
  'metadata',
  'created_at',
  'updated_at',
  'version',
] as const;

export function toContact(r: ContactRow): Contact {
  const meta = typeof r.metadata === 'string' ? (JSON.parse(r.metadata) as ContactRow['metadata']) : r.metadata;
  const m = meta && typeof meta === 'object' ? meta : {};
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    status: r.status,
    source: r.source,
    metadata: { address: m.address ?? null, notes: m.notes ?? null },
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    version: r.version,
  };
}

/** Whether a database error is the unique e-mail index refusing a second contact. */
export const isDuplicateEmail = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
