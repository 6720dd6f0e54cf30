/**
 * Recipients by list or individually: a list selector, or a 200 px contact list with a search
 * (full name or email, any case) and the chosen contacts as at most 3 badges plus '+N more'.
 */
import { useState } from 'react';
import { useContacts, useLists } from '../api/audience';
import { matchesContact } from '../lib/email-form';
import { controlClass } from '../../../components/form/form-field';
import { formatCount } from '../../../lib/format-count';

type Props = {
  mode: 'list' | 'individual';
  onMode: (m: 'list' | 'individual') => void;
  listId: string;
  onList: (id: string) => void;
  recipients: string[];
  onRecipients: (r: string[]) => void;
  error?: string;
};

export function RecipientPicker({ mode, onMode, listId, onList, recipients, onRecipients, error }: Props) {
  const lists = useLists();
  const contacts = useContacts();
  const [q, setQ] = useState('');
  const shown = (contacts.data ?? []).filter(
    (c) => c.status !== 'unsubscribed' && c.status !== 'bounced' && matchesContact(c, q),
  );
  const toggle = (email: string) =>
    onRecipients(recipients.includes(email) ? recipients.filter((r) => r !== email) : [...recipients, email]);
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-stone-800">Recipients</legend>
      <div className="flex gap-4 text-sm">
        {(['list', 'individual'] as const).map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input type="radio" name="recipientType" checked={mode === m} onChange={() => onMode(m)} />
            {m === 'list' ? 'Send to a list' : 'Choose individuals'}
          </label>
        ))}
      </div>
      {mode === 'list' ? (
        <div>
          <label htmlFor="send-list" className="block text-sm font-medium text-stone-800">
            List
          </label>
          <select id="send-list" value={listId} onChange={(e) => onList(e.target.value)} className={controlClass}>
            <option value="">Select a list</option>
            {(lists.data ?? []).map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name} ({formatCount(l.contactCount ?? l.contact_count ?? 0)} contacts)
              </option>
            ))}
          </select>
          {lists.error && <p className="mt-1 text-sm text-stone-600">Lists could not be loaded.</p>}
        </div>
      ) : (
        <div>
          <label htmlFor="send-contact-search" className="block text-sm font-medium text-stone-800">
            Search contacts
          </label>
          <input
            id="send-contact-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            className={controlClass}
          />
          <ul
            aria-label="Contacts"
            className="mt-2 h-[200px] overflow-y-auto rounded-md border border-stone-300 bg-white"
          >
            {shown.map((c) => (
              <li key={c.id}>
                <label className="flex items-center gap-2 px-3 py-1.5 text-sm hover:bg-stone-50">
                  <input type="checkbox" checked={recipients.includes(c.email)} onChange={() => toggle(c.email)} />
                  <span>
                    {`${c.firstName ?? ''} ${c.lastName ?? ''}`.trim() || c.email}{' '}
                    <span className="text-stone-500">{c.email}</span>
                  </span>
                </label>
              </li>
            ))}
            {contacts.data && shown.length === 0 && (
              <li className="px-3 py-2 text-sm text-stone-600">No contacts found</li>
            )}
          </ul>
          <div className="mt-2 flex flex-wrap gap-1" aria-label="Selected recipients">
            {recipients.slice(0, 3).map((r) => (
              <span key={r} className="rounded-full bg-lake-100 px-2 py-0.5 text-xs text-lake-900">
                {r}
              </span>
            ))}
            {recipients.length > 3 && (
              <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs">+{recipients.length - 3} more</span>
            )}
          </div>
        </div>
      )}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
