/** An inbound message's row as the list and the detail read it, and its mapping to the API's shape. */
import type { InboxEmailSummary, InboxStatus } from '@lp/contracts';

export type InboundSummaryRow = {
  id: number;
  subject: string;
  from_name: string;
  from_email: string;
  received_at: Date;
  is_read: boolean;
  status: string;
  has_attachments: boolean;
  snippet: string;
};

export const toSummary = (r: InboundSummaryRow): InboxEmailSummary => ({
  id: r.id,
  subject: r.subject,
  fromName: r.from_name,
  fromEmail: r.from_email,
  receivedAt: r.received_at.toISOString(),
  isRead: r.is_read,
  status: r.status as InboxStatus,
  hasAttachments: r.has_attachments,
  snippet: r.snippet.replace(/\s+/g, ' ').trim(),
});
