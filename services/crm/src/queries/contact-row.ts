/** A `crm.contacts` row as the database gives it, its columns, and its shape for staff (spec §3). */
import type { Contact } from '@lp/contracts';
import type { ContactRow } from './rows.ts';

export type { ContactRow };

export const CONTACT_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'status',
  'source',
  'metadata',
  'tags',
  'custom_fields',
  'created_at',
  'updated_at',
  'version',
] as const;

export function toContact(r: ContactRow): Contact {
  const m = r.metadata;
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    status: r.status,
    source: r.source,
    metadata: { address: m.address ?? null, notes: m.notes ?? null },
    tags: r.tags,
    customFields: r.custom_fields,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    version: r.version,
  };
}

/** Whether a database error is the unique e-mail index refusing a second contact. */
export const isDuplicateEmail = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
