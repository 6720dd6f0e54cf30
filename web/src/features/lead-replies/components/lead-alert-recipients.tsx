/**
 * The staff alert's recipients (the shared staff recipients picker): a checkbox per enabled
 * staff account, then typed addresses, added and removed.
 */
import type { LeadReplySettingsView } from '@lp/contracts';
import { StaffRecipientsField } from '../../../components/form/staff-recipients-field';

export function LeadAlertRecipients({ view }: { view: LeadReplySettingsView }) {
  const choices = view.accounts.filter((a) => !a.disabled).map((a) => ({ id: a.id, username: a.username }));
  return <StaffRecipientsField name="alert.recipients" idPrefix="lead-alert" choices={choices} others />;
}
