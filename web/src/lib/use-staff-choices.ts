/**
 * The staff accounts a staff alert may go to (a journey's Alert staff step): the enabled
 * accounts the lead replies' settings list (`GET /api/marketing/lead-replies/settings`, which
 * every staff member may read), as the shared recipients picker takes them.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { LeadReplySettingsView } from '@lp/contracts';
import type { StaffRecipientChoice } from '../components/form/staff-recipients-field';

export function useStaffChoices(): { choices: StaffRecipientChoice[]; error: unknown } {
  const view = useSWR<LeadReplySettingsView>('/api/marketing/lead-replies/settings');
  const choices = useMemo(
    () => (view.data?.accounts ?? []).filter((a) => !a.disabled).map((a) => ({ id: a.id, username: a.username })),
    [view.data],
  );
  return { choices, error: view.error as unknown };
}
