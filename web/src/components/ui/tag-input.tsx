/**
 * A tag input: the tags as chips, each with a remove button named "Remove tag X", and a text box
 * where Enter, a comma or a semicolon adds what was typed (several at once when pasted with
 * separators) and Backspace in an empty box removes the last tag. Text left in the box is added
 * when focus leaves it, so a save never drops a tag typed but not yet confirmed. Tags are kept
 * as stored (contracts' normalTag: trimmed, lower-cased), each once; a tag too long, or one past
 * the limit, is refused with a message under the box (announced), the text kept to fix it.
 */
import { useState, type KeyboardEvent } from 'react';
import { normalTag, tagProblem, TAG_SEPARATORS, TAGS_MAX } from '@lp/contracts';

type ControlProps = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

type Props = {
  control: ControlProps;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
};

export function TagInput({ control, value, onChange, placeholder = 'Type a tag and press Enter' }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `${control.id}-tag-problem`;

  /** Adds the tags of `typed`; answers whether all of it was taken. */
  const add = (typed: string): boolean => {
    const tags = typed
      .split(TAG_SEPARATORS)
      .map(normalTag)
      .filter((t) => t !== '');
    const bad = tags.find((t) => tagProblem(t) !== null);
    if (bad !== undefined) {
      setProblem(tagProblem(bad));
      return false;
    }
    const next = [...new Set([...value, ...tags])];
    if (next.length > TAGS_MAX) {
      setProblem(`A contact has at most ${TAGS_MAX} tags`);
      return false;
    }
    setProblem(null);
    if (next.length !== value.length) onChange(next);
    return true;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',' || e.key === ';') {
      // Enter adds the tag, never submits the form; an empty box leaves Enter alone.
      if (e.key !== 'Enter' || text.trim() !== '') e.preventDefault();
      if (text.trim() !== '' && add(text)) setText('');
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const describedBy = [control['aria-describedby'], problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 rounded-md border border-stone-400 bg-white px-2 py-1.5 focus-within:border-lake-600">
        {value.length > 0 && (
          <ul className="contents" aria-label="Tags">
            {value.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-lake-50 py-0.5 pr-1 pl-2.5 text-sm text-lake-900"
              >
                {tag}
                <button
                  type="button"
                  className="rounded-full px-1 leading-none text-lake-800 hover:bg-lake-100 focus-visible:outline-2"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={control.id}
          type="text"
          autoComplete="off"
          className="min-w-32 flex-1 border-0 bg-transparent px-1 py-1 text-base text-stone-900 outline-none placeholder:text-stone-500"
          placeholder={placeholder}
          value={text}
          aria-invalid={control['aria-invalid'] ?? (problem ? true : undefined)}
          aria-describedby={describedBy}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim() !== '' && add(text)) setText('');
          }}
        />
      </div>
      {problem && (
        <p id={problemId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
