/** A contact's display name: first and last name, or '—' when neither is known. */
export const contactName = (c: { firstName: string | null; lastName: string | null }) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ') || '—';
