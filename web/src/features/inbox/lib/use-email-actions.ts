/**
 * What staff do to an email, with the spec's toasts, refreshing every inbox list and the
 * unread count afterwards: mark read (quietly, on opening), Mark as Read / Mark as Unread,
 * archive or move back, delete for good, and add the sender to the contacts.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { InboxStatus } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { addSenderContact } from '../api/add-sender-contact';
import { deleteEmail, setEmailRead, setEmailStatus } from '../api/change-inbox-email';
import { errorMessage } from '../../../lib/error-message';
import { isInboxKey } from './inbox-swr';

export function useEmailActions() {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const refresh = () => mutate(isInboxKey);

  async function run(work: () => Promise<unknown>, failure: string, success?: { title: string; description?: string }) {
    setBusy(true);
    try {
      await work();
      if (success) toast(success);
      return true;
    } catch (error) {
      toast({ title: failure, description: errorMessage(error), variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  return {
    busy,
    markRead: async (id: number) => {
      await setEmailRead(id, true).catch(() => undefined);
      await refresh();
    },
    setRead: (id: number, isRead: boolean) =>
      run(() => setEmailRead(id, isRead), 'Failed to update email', {
        title: isRead ? 'Marked as read' : 'Marked as unread',
      }),
    setStatus: (id: number, status: InboxStatus) =>
      run(() => setEmailStatus(id, status), 'Failed to update email', {
        title: status === 'archived' ? 'Email archived' : 'Email moved to the inbox',
      }),
    remove: (id: number) =>
      run(() => deleteEmail(id), 'Failed to delete email', {
        title: 'Email deleted',
        description: 'The email has been deleted permanently',
      }),
    addContact: (id: number) =>
      run(() => addSenderContact(id), 'Failed to add contact. Please try again.', {
        title: 'Contact added successfully',
      }),
  };
}
