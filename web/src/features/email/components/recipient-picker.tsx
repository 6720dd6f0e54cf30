/**
 * Recipients by list, by saved segment (its contacts counted now; the send reads it as it stands
 * when it starts) or individually (staff spec §2). Individually: a search over every contact
 * on the server (full name or e-mail, case and accents ignored), its matches a page at a time in a
 * 200 px list with 'Show more contacts', and the chosen contacts as at most 3 badges plus
 * '+N more'. The choice is kept by e-mail in the form, so it stays across searches; a badge's
 * × takes its contact out again. Unsubscribed and bounced contacts are listed but cannot be chosen.
 */
import { useState } from 'react';
import { controlClass } from '../../../components/form/form-field';
import { useDebounced } from '../../../lib/use-debounced';
import { listOptionLabel } from '../../../lib/list-label';
import { useSegmentCount, useSegments } from '../../../lib/use-segments';
import { isUnmailable, listContactCount, useContactSearch, useLists, type ContactRow } from '../api/audience';

type Mode = 'list' | 'segment' | 'individual';
const MODE_LABELS: Record<Mode, string> = {
  list: 'Send to a list',
  segment: 'Send to a segment',
  individual: 'Choose individuals',
};

type Props = {
  mode: Mode;
  onMode: (m: Mode) => void;
  listId: string;
  onList: (id: string) => void;
  segmentId: string;
  onSegment: (id: string) => void;
  recipients: string[];
  onRecipients: (r: string[]) => void;
  error?: string;
};

const SEARCH_PAUSE_MS = 250;
const nameOf = (c: ContactRow) => `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim();

export function RecipientPicker({
  mode,
  onMode,
  listId,
  onList,
  segmentId,
  onSegment,
  recipients,
  onRecipients,
  error,
}: Props) {
  const lists = useLists();
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-stone-800">Recipients</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {(['list', 'segment', 'individual'] as const).map((m) => (
          <label key={m} className="flex min-h-10 items-center gap-2">
            <input type="radio" name="recipientType" checked={mode === m} onChange={() => onMode(m)} />
            {MODE_LABELS[m]}
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
                {listOptionLabel(l.name, listContactCount(l))}
              </option>
            ))}
          </select>
          {lists.error && <p className="mt-1 text-sm text-stone-600">Lists could not be loaded.</p>}
        </div>
      ) : mode === 'segment' ? (
        <SegmentChoice segmentId={segmentId} onSegment={onSegment} />
      ) : (
        <ContactSearch recipients={recipients} onRecipients={onRecipients} />
      )}
      {error && <p className="text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}

function SegmentChoice({ segmentId, onSegment }: Pick<Props, 'segmentId' | 'onSegment'>) {
  const segments = useSegments();
  const count = useSegmentCount(segmentId === '' ? null : Number(segmentId));
  return (
    <div>
      <label htmlFor="send-segment" className="block text-sm font-medium text-stone-800">
        Segment
      </label>
      <select
        id="send-segment"
        value={segmentId}
        onChange={(e) => onSegment(e.target.value)}
        aria-describedby="send-segment-count"
        className={controlClass}
      >
        <option value="">Select a segment</option>
        {(segments.data ?? []).map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </select>
      <p id="send-segment-count" role="status" className="mt-1 text-sm text-stone-600">
        {segments.error
          ? 'Segments could not be loaded.'
          : segments.data?.length === 0
            ? 'No segments yet: create one under Segments.'
            : segmentId === ''
              ? ''
              : count.data
                ? `${count.data.count.toLocaleString('en-US')} ${count.data.count === 1 ? 'contact matches' : 'contacts match'} now; the send reads the segment when it starts.`
                : count.error
                  ? 'The segment could not be counted.'
                  : 'Counting…'}
      </p>
    </div>
  );
}

function ContactSearch({ recipients, onRecipients }: Pick<Props, 'recipients' | 'onRecipients'>) {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_PAUSE_MS);
  const pages = useContactSearch(q);
  const shown = (pages.data ?? []).flatMap((p) => p.contacts);
  const total = pages.data?.[0]?.total;
  const next = pages.data?.[pages.data.length - 1]?.next ?? null;
  const loadingMore = pages.size > 0 && pages.data !== undefined && pages.data.length < pages.size;
  const toggle = (email: string) =>
    onRecipients(recipients.includes(email) ? recipients.filter((r) => r !== email) : [...recipients, email]);

  let status = 'Searching…';
  if (pages.error) status = 'Contacts could not be loaded. Please try again.';
  else if (total !== undefined && q === search.trim())
    status =
      total === 0
        ? 'No contacts found'
        : `Showing ${shown.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${total === 1 ? 'contact' : 'contacts'}`;
  return (
    <div>
      <label htmlFor="send-contact-search" className="block text-sm font-medium text-stone-800">
        Search contacts
      </label>
      <input
        id="send-contact-search"
        type="search"
        placeholder="Name or e-mail"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-describedby="send-contact-search-status"
        className={controlClass}
      />
      <p id="send-contact-search-status" role="status" className="mt-1 text-sm text-stone-600">
        {status}
      </p>
      <ul aria-label="Contacts" className="mt-2 h-[200px] overflow-y-auto rounded-md border border-stone-300 bg-white">
        {shown.map((c) => (
          <li key={c.id}>
            <label
              className={`flex min-h-10 items-center gap-2 px-3 py-1.5 text-sm ${isUnmailable(c) ? 'text-stone-500' : 'hover:bg-stone-50'}`}
            >
              <input
                type="checkbox"
                checked={recipients.includes(c.email)}
                disabled={isUnmailable(c) && !recipients.includes(c.email)}
                onChange={() => toggle(c.email)}
              />
              <span className="min-w-0 break-words">
                {nameOf(c) || c.email} <span className="text-stone-600">{c.email}</span>
                {isUnmailable(c) && <span className="ml-1 text-xs uppercase">({c.status})</span>}
              </span>
            </label>
          </li>
        ))}
        {next && (
          <li className="px-3 py-2">
            <button
              type="button"
              disabled={loadingMore}
              onClick={() => void pages.setSize(pages.size + 1)}
              className="min-h-10 text-sm font-medium text-lake-800 underline disabled:text-stone-500"
            >
              {loadingMore ? 'Loading…' : 'Show more contacts'}
            </button>
          </li>
        )}
      </ul>
      <div className="mt-2 flex flex-wrap gap-1" aria-label="Selected recipients">
        {recipients.slice(0, 3).map((r) => (
          <span
            key={r}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-lake-100 py-0.5 pl-2 text-xs text-lake-900"
          >
            <span className="truncate">{r}</span>
            <button
              type="button"
              aria-label={`Remove ${r}`}
              onClick={() => onRecipients(recipients.filter((x) => x !== r))}
              className="grid size-6 place-items-center rounded-full hover:bg-lake-200"
            >
              ×
            </button>
          </span>
        ))}
        {recipients.length > 3 && (
          <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs">+{recipients.length - 3} more</span>
        )}
      </div>
    </div>
  );
}
