/**
 * The article form: title, slug, summary, tags, cover and Markdown body with preview. Validates
 * on submit and revalidates on change (contracts' field rules); server field errors land on
 * their fields, and the first invalid field takes focus. A new `initial` (the same article
 * refreshed after Publish, Unpublish or a save) replaces the values only when nothing is
 * unsaved; the page keys the form by article, so another article starts a fresh form. The
 * page can save the current values itself through `ref` (Publish saves unsaved edits first).
 */
import { useEffect, useId, useImperativeHandle, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldErrors } from '@lp/contracts';
import { button } from '../../../components/ui/styles';
import { ArticleFormSchema, EMPTY_ARTICLE_FORM, formErrorsOf, type ArticleFormValues } from '../lib/article-form';
import { CoverImageField } from './cover-image-field';
import { controlClass, FormField } from '../../../components/form/form-field';
import { MarkdownField } from './markdown-field';

/** What a save came to; `fieldErrors` are the server's, to show on their fields. */
export type SaveOutcome = { saved: true } | { saved: false; fieldErrors?: FieldErrors | undefined };

export type ArticleEditorHandle = {
  /** Validates and saves the current values; true once saved. */
  save(): Promise<boolean>;
};

type Props = {
  initial?: ArticleFormValues;
  submitLabel: string;
  onSubmit: (values: ArticleFormValues) => Promise<SaveOutcome>;
  /** Told whenever the form gains or loses unsaved edits. */
  onDirtyChange?: (dirty: boolean) => void;
  ref?: Ref<ArticleEditorHandle>;
};

export function ArticleEditorForm({ initial = EMPTY_ARTICLE_FORM, submitLabel, onSubmit, onDirtyChange, ref }: Props) {
  const uid = useId();
  const id = (name: string) => `article-${name}-${uid}`;
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm({
    resolver: valibotResolver(ArticleFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial,
  });
  // Also runs once a save has cleared `isDirty`, so the form then shows what the server stored.
  useEffect(() => {
    if (!isDirty) reset(initial);
  }, [initial, isDirty, reset]);
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  async function save(values: ArticleFormValues): Promise<boolean> {
    const outcome = await onSubmit(values);
    if (outcome.saved) {
      reset(values);
      return true;
    }
    const byField = formErrorsOf(outcome.fieldErrors ?? {});
    const names = Object.keys(byField) as (keyof ArticleFormValues)[];
    for (const name of names) setError(name, { type: 'server', message: byField[name] });
    if (names[0]) setFocus(names[0]);
    return false;
  }
  const submit = handleSubmit(async (values) => void (await save(values)));
  useImperativeHandle(ref, () => ({
    save: async () => {
      let saved = false;
      await handleSubmit(async (values) => {
        saved = await save(values);
      })();
      return saved;
    },
  }));

  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label="Article">
      <div className="grid gap-6 md:grid-cols-2">
        <FormField id={id('title')} label="Title" required error={errors.title?.message}>
          {(c) => <input {...c} type="text" className={controlClass} {...register('title')} />}
        </FormField>
        <FormField
          id={id('slug')}
          label="Slug"
          hint="The address: /blog/your-slug. Leave empty to make it from the title."
          error={errors.slug?.message}
        >
          {(c) => (
            <input
              {...c}
              type="text"
              autoCapitalize="none"
              spellCheck={false}
              className={controlClass}
              {...register('slug')}
            />
          )}
        </FormField>
      </div>
      <FormField
        id={id('summary')}
        label="Summary"
        required
        hint="One or two sentences for the article list, search results and link previews."
        error={errors.summary?.message}
      >
        {(c) => <textarea {...c} rows={3} className={controlClass} {...register('summary')} />}
      </FormField>
      <FormField
        id={id('tags')}
        label="Tags"
        hint="Separated by commas, e.g. Lots, Investing. Articles sharing a tag are shown as related."
        error={errors.tagsText?.message}
      >
        {(c) => <input {...c} type="text" className={controlClass} {...register('tagsText')} />}
      </FormField>
      <CoverImageField
        id={id('cover')}
        value={watch('coverImage')}
        error={errors.coverImage?.message}
        onChange={(url) => setValue('coverImage', url, { shouldDirty: true })}
      />
      <MarkdownField
        id={id('content')}
        value={watch('contentMarkdown') ?? ''}
        error={errors.contentMarkdown?.message}
        registration={register('contentMarkdown')}
      />
      <div className="flex items-center gap-4">
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : submitLabel}
        </button>
        {isDirty && !isSubmitting && <p className="text-sm text-stone-600">Unsaved changes</p>}
      </div>
    </form>
  );
}
