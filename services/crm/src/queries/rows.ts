/** The crm's tables (schema `crm`), one row type each, and the typed accessor to them (runtime db/table.ts). */
import type { ContactSource, ContactStatus, CustomFieldType, CustomValues, SubmissionSource } from '@lp/contracts';
import { schemaTables } from '@lp/runtime';

export type ContactRow = {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  status: ContactStatus;
  source: ContactSource;
  metadata: { address?: string | null; notes?: string | null };
  tags: string[];
  custom_fields: CustomValues;
  created_at: Date;
  updated_at: Date;
  version: number;
};

export type CustomFieldRow = {
  id: number;
  key: string;
  name: string;
  type: CustomFieldType;
  created_at: Date;
  updated_at: Date;
  version: number;
};

export type ListRow = {
  id: number;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
};

export type ListMemberRow = { list_id: number; contact_id: number; added_at: Date };

export type FormSubmissionRow = {
  id: number;
  event_id: string;
  idempotency_key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  interest: string | null;
  message: string | null;
  source: SubmissionSource;
  topic: string | null;
  page: string | null;
  lot_number: number | null;
  session_id: string | null;
  country: string | null;
  region: string | null;
  city: string | null;
  created_at: Date;
  stored_at: Date;
  converted_at: Date | null;
};

export type ImportChunkRow = {
  import_id: string;
  seq: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: number;
  applied_at: Date;
};

export type ContactCallRow = { id: number; contact_id: number; called_at: Date; note: string; logged_by: string };

export type CrmTables = {
  contacts: ContactRow;
  lists: ListRow;
  list_members: ListMemberRow;
  form_submissions: FormSubmissionRow;
  import_chunks: ImportChunkRow;
  custom_fields: CustomFieldRow;
  contact_calls: ContactCallRow;
};

export const crmTable = schemaTables<CrmTables>('crm');
