/**
 * A block's text field (one line or several) with the merge tags menu, which inserts the chosen
 * tag where the cursor is, and for text blocks the formatting buttons (bold, italic, link) that
 * wrap the selection in the text model's marks (`**…**`, `*…*`, `[…](https://)`).
 */
import { useRef } from 'react';
import { MERGE_TAGS } from '@lp/contracts/email-html';
import { FormField, controlClass } from '../../../../components/form/form-field';

/** Tags that read as text (the unsubscribe link is an address, and every mail has one in its footer). */
const TEXT_TAGS = (Object.keys(MERGE_TAGS) as (keyof typeof MERGE_TAGS)[]).filter((t) => t !== 'unsubscribeUrl');

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  multiline?: boolean;
  formatting?: boolean;
};

const toolButton = 'min-h-8 rounded px-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100';

export function TextWithTags({ id, label, value, onChange, error, hint, multiline, formatting }: Props) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);

  /** Replaces the selection with `before + selection (or placeholder) + after`, selecting the wrapped text. */
  const wrap = (before: string, after: string, placeholder: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const inner = value.slice(start, end) || placeholder;
    onChange(value.slice(0, start) + before + inner + after + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + before.length, start + before.length + inner.length);
    });
  };
  const insert = (text: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  return (
    <div>
      <FormField id={id} label={label} required hint={hint} hintBelow error={error}>
        {(c) =>
          multiline ? (
            <textarea
              {...c}
              ref={ref}
              rows={5}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              className={controlClass}
            />
          ) : (
            <input {...c} ref={ref} value={value} onChange={(e) => onChange(e.target.value)} className={controlClass} />
          )
        }
      </FormField>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        {formatting && (
          <>
            <button type="button" className={toolButton} onClick={() => wrap('**', '**', 'bold text')}>
              Bold
            </button>
            <button type="button" className={`${toolButton} italic`} onClick={() => wrap('*', '*', 'italic text')}>
              Italic
            </button>
            <button type="button" className={toolButton} onClick={() => wrap('[', '](https://)', 'link text')}>
              Link
            </button>
          </>
        )}
        <select
          aria-label={`Insert merge tag in ${label.toLowerCase()}`}
          value=""
          onChange={(e) => {
            if (e.target.value) insert(`{{${e.target.value}}}`);
          }}
          className="min-h-8 rounded border border-stone-300 bg-white px-2 text-sm text-stone-800"
        >
          <option value="">Insert merge tag…</option>
          {TEXT_TAGS.map((tag) => (
            <option key={tag} value={tag}>
              {`{{${tag}}}`} – {MERGE_TAGS[tag]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
