/**
 * The weekly report's recipients (the shared staff recipients picker): a checkbox per enabled
 * staff account; a recipient whose account was disabled or removed since is listed with a note,
 * to be taken off.
 */
import type { WeeklyReportView } from '@lp/contracts';
import { StaffRecipientsField } from '../../../components/form/staff-recipients-field';

export function WeeklyReportRecipients({ view }: { view: WeeklyReportView }) {
  const gone = view.recipients.filter((r) => r.account !== 'active');
  const choices = [
    ...view.accounts.filter((a) => !a.disabled).map((a) => ({ id: a.id, username: a.username })),
    ...gone.map((r) => ({ id: r.staffId, username: r.username, note: `account ${r.account}: take it off` })),
  ];
  return <StaffRecipientsField name="recipients" idPrefix="weekly-report" choices={choices} />;
}
