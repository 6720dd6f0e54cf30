/** The latest weekly report under its settings: the week it covered and what became of it. */
import type { WeeklyReportSend } from '@lp/contracts';
import { formatCalendarDay, formatDateTime } from '../../../lib/site-time';

const OUTCOME: Record<WeeklyReportSend['status'], string> = {
  sending: 'being sent',
  sent: 'sent',
  failed: 'not sent: the mail relay refused it',
  outbox: 'not delivered: no mail relay (SMTP) is configured',
  unknown: 'of unknown fate: the mailer stopped while sending it (not resent)',
};

export function LastWeeklyReport({ report }: { report: WeeklyReportSend | null }) {
  if (!report) return <p className="mt-4 text-sm text-stone-600">No weekly report has been sent yet.</p>;
  const week = `${formatCalendarDay(report.from)} – ${formatCalendarDay(report.to, { year: true })}`;
  const to = report.status === 'sent' ? ` to ${report.sentTo} ${report.sentTo === 1 ? 'recipient' : 'recipients'}` : '';
  return (
    <p className="mt-4 text-sm text-stone-700">
      Last report: the week of {week}, {OUTCOME[report.status]}
      {to} ({formatDateTime(report.at)}).
      {report.detail && <span className="block text-stone-600">{report.detail}</span>}
    </p>
  );
}
