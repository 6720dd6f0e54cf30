/**
 * The Markdown editor with a live preview: side by side on wide screens, switchable on narrow
 * ones. The preview follows typing through a deferred value so long articles stay responsive.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { renderPreview } from '../lib/render-preview';
import { controlClass, FormField } from '../../../components/form/form-field';

type Props = { id: string; value: string; error?: string; registration: UseFormRegisterReturn };

export function MarkdownField({ id, value, error, registration }: Props) {
  const [showPreview, setShowPreview] = useState(false);
  const deferred = useDeferredValue(value);
  const html = useMemo(() => renderPreview(deferred), [deferred]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className={showPreview ? 'hidden lg:block' : ''}>
        <FormField
          id={id}
          label="Content (Markdown)"
          required
          error={error}
          hint="## for headings, **bold**, [link](https://…), - lists, > quotes, | tables |"
        >
          {(control) => (
            <textarea {...control} rows={22} className={`${controlClass} font-mono text-sm`} {...registration} />
          )}
        </FormField>
      </div>
      <div className={showPreview ? '' : 'hidden lg:block'}>
        <p className="block text-sm font-medium text-stone-800" id={`${id}-preview-label`}>
          Preview
        </p>
        <div
          role="region"
          aria-labelledby={`${id}-preview-label`}
          className="mt-1 max-h-[36rem] overflow-y-auto rounded-md border border-stone-200 bg-white p-4 text-stone-800 [&_a]:text-lake-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mt-3 [&_pre]:overflow-x-auto [&_pre]:bg-stone-100 [&_pre]:p-2 [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_ul]:list-disc"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
      <button
        type="button"
        aria-pressed={showPreview}
        onClick={() => setShowPreview((s) => !s)}
        className="justify-self-start text-sm font-semibold text-lake-700 underline underline-offset-4 lg:hidden"
      >
        {showPreview ? 'Back to editing' : 'Show preview'}
      </button>
    </div>
  );
}
