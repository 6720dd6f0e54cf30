/** Records as the API answers them, for tests: defaults that any test may override. */
import type { Contact, Template } from '@lp/contracts';

/** A contact added by hand on 1 Nov 2026, subscribed, with only its e-mail (`c<id>@example.com`). */
export const contactOf = (id: number, over: Partial<Contact> = {}): Contact => ({
  id,
  email: `c${id}@example.com`,
  firstName: null,
  lastName: null,
  phone: null,
  status: 'subscribed',
  source: 'manual_entry',
  metadata: { address: null, notes: null },
  createdAt: '2026-11-01T16:00:00.000Z',
  updatedAt: '2026-11-01T16:00:00.000Z',
  version: 1,
  ...over,
});

/** E-mail template 4, "Spring lots", with the subject, content and version given. */
export const templateOf = (subject: string, content: string, version = 1): Template => ({
  id: 4,
  name: 'Spring lots',
  subject,
  description: '',
  previewText: '',
  category: 'Custom',
  content,
  thumbnailUrl: null,
  version,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
});
