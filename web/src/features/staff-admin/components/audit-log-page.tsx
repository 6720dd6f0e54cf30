/**
 * The dashboard's Audit log screen (/marketing/audit): who did what, newest first, 50 at a time
 * with Older / Newest paging, and whether each took effect. Loading, error and empty states.
 */
import { LoadFailed, LoadingText } from '../../../components/ui/load-states';
import { useState } from 'react';
import type { AuditEntry, AuditOutcome } from '@lp/contracts';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { button } from '../../../components/ui/styles';
import { useAuditPage } from '../api/list-audit-entries';
import { formatDateTime } from '../../../lib/site-time';

/** What each action means, in the words staff use. */
const ACTION_LABELS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'staff.create': 'Added staff account',
  'staff.disable': 'Disabled staff account',
  'staff.enable': 'Enabled staff account',
  'staff.reset_password': 'Reset password',
  'blog.create': 'Created article',
  'blog.publish': 'Published article',
  'blog.unpublish': 'Unpublished article',
  'blog.delete': 'Deleted article',
  'dead_letter.replay': 'Replayed dead letter',
  'email.send': 'Sent an email',
  'email.test_send': 'Sent a test email',
  'campaign.create': 'Created campaign',
  'campaign.schedule': 'Scheduled campaign',
  'campaign.pause': 'Paused campaign',
  'campaign.resume': 'Resumed campaign',
  'campaign.resend_unknown': 'Resent messages of unknown fate',
  'campaign.follow_up': 'Sent a follow-up',
  'campaign.ab_winner': 'Picked an A/B test winner',
  'contacts.import': 'Imported contacts',
  'contact.create': 'Added contact',
  'contact.update': 'Edited contact',
  'contact.delete': 'Deleted contact',
  'custom_field.create': 'Added custom field',
  'custom_field.update': 'Renamed custom field',
  'custom_field.delete': 'Deleted custom field',
  'segment.create': 'Created segment',
  'segment.update': 'Edited segment',
  'segment.delete': 'Deleted segment',
  'contacts.add_to_list': 'Added contacts to list',
  'contacts.bulk_add_to_list': 'Added contacts to list (bulk)',
  'contacts.bulk_remove_from_list': 'Removed contacts from list (bulk)',
  'contacts.bulk_set_status': 'Changed contacts’ status (bulk)',
  'contacts.bulk_delete': 'Deleted contacts (bulk)',
  'list.create': 'Created list',
  'goal.create': 'Created goal',
  'goal.update': 'Edited goal',
  'goal.delete': 'Deleted goal',
  'weekly_report.update': 'Changed the weekly report',
  'weekly_report.test_send': 'Sent a test weekly report',
  'lead_replies.update': 'Changed the lead replies and alerts',
  'contact.call_logged': 'Logged a call',
  'journey.create': 'Created journey',
  'journey.update': 'Edited journey',
  'journey.pause': 'Paused journey',
  'journey.resume': 'Resumed journey',
  'journey.delete': 'Deleted journey',
  'journey.enter': 'Entered a list into a journey',
  'list.update': 'Edited list',
  'list.duplicate': 'Duplicated list',
  'list.remove_contact': 'Removed contact from list',
  'list.delete': 'Deleted list',
  'template.create': 'Created template',
  'template.update': 'Edited template',
  'template.duplicate': 'Duplicated template',
  'template.delete': 'Deleted template',
  'blog.update': 'Edited article',
  'lot.update': 'Edited lot',
  'inbox.delete': 'Deleted inbox email',
  'inbox.mark_read': 'Marked inbox email read',
  'inbox.mark_unread': 'Marked inbox email unread',
  'inbox.archive': 'Archived inbox email',
  'inbox.unarchive': 'Moved inbox email to the inbox',
};

/** Whether the action took effect; only `done` says it did. */
const OUTCOME_LABELS: Record<AuditOutcome, string> = {
  done: 'Done',
  pending: 'No answer recorded',
  failed: 'Failed',
  unknown: 'Outcome unknown',
};
const OUTCOME_CLASSES: Record<AuditOutcome, string> = {
  done: 'text-stone-700',
  pending: 'text-amber-800',
  failed: 'text-red-700',
  unknown: 'text-amber-800',
};

function detailsText(e: AuditEntry): string {
  const parts = Object.entries(e.details)
    .filter(([k]) => k !== 'id')
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return parts.join(' · ') || '—';
}

const COLUMNS: Column<AuditEntry>[] = [
  { header: 'When', cell: (e) => formatDateTime(e.at), cellClassName: 'whitespace-nowrap' },
  { header: 'Who', cell: (e) => e.actor, cellClassName: 'font-medium text-stone-900' },
  { header: 'Action', cell: (e) => ACTION_LABELS[e.action] ?? e.action },
  { header: 'Target', cell: (e) => e.target ?? '—' },
  {
    header: 'Outcome',
    cell: (e) => <span className={OUTCOME_CLASSES[e.outcome] ?? ''}>{OUTCOME_LABELS[e.outcome] ?? e.outcome}</span>,
    cellClassName: 'whitespace-nowrap',
  },
  {
    header: 'Details',
    cell: (e) => <span title={detailsText(e)}>{detailsText(e)}</span>,
    cellClassName: 'max-w-xs truncate text-stone-600',
  },
];

export function AuditLogPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1) ?? null;
  const { page, error, reload } = useAuditPage(cursor);

  let body;
  if (!page && error)
    body = (
      <LoadFailed message={'Error loading the audit log. Please try again later.'} onRetry={() => void reload()} />
    );
  else if (!page) body = <LoadingText>Loading the audit log...</LoadingText>;
  else if (page.entries.length === 0) body = <p className="py-10 text-center text-stone-700">No staff actions yet.</p>;
  else
    body = (
      <SelectableTable
        label="Staff actions, newest first"
        caption="Staff actions, newest first"
        rows={page.entries}
        columns={COLUMNS}
        rowKey={(e) => e.id}
        density="comfortable"
        minWidth="44rem"
      />
    );

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-lake-900">Audit log</h1>
        <div className="flex gap-2">
          {cursors.length > 0 && (
            <button type="button" className={button.secondary} onClick={() => setCursors([])}>
              Newest
            </button>
          )}
          {page?.nextCursor && (
            <button
              type="button"
              className={button.secondary}
              onClick={() => setCursors((c) => [...c, page.nextCursor!])}
            >
              Older
            </button>
          )}
        </div>
      </div>
      <p className="mt-2 text-stone-700">
        Every staff change: sign-ins, accounts, contacts, lists, templates, lots, sends, blog and dead-letter replays.
        Each is recorded before it is made; only those marked Done are known to have taken effect.
      </p>
      <div className="mt-6">{body}</div>
    </>
  );
}
