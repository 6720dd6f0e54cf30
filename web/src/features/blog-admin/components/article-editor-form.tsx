/**
 * The article form: title, slug, summary, tags, cover and Markdown body with preview. Validates
 * on submit and revalidates on change (contracts' field rules); server field errors land on
 * their fields, and the first invalid field takes focus.
 */
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldErrors } from '@lp/contracts';
import { button } from '../../../components/ui/styles';
import { ArticleFormSchema, EMPTY_ARTICLE_FORM, formErrorsOf, type ArticleFormValues } from '../lib/article-form';
import { CoverImageField } from './cover-image-field';
import { controlClass, FormField } from './form-field';
import { MarkdownField } from './markdown-field';

type Props = {
  initial?: ArticleFormValues;
  submitLabel: string;
  /** Resolves to server field errors to show, or nothing when saved. */
  onSubmit: (values: ArticleFormValues) => Promise<FieldErrors | void>;
};

export function ArticleEditorForm({ initial = EMPTY_ARTICLE_FORM, submitLabel, onSubmit }: Props) {
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
  useEffect(() => reset(initial), [initial, reset]);

  const submit = handleSubmit(async (values) => {
    const fieldErrors = await onSubmit(values);
    if (!fieldErrors) return reset(values);
    const byField = formErrorsOf(fieldErrors);
    const names = Object.keys(byField) as (keyof ArticleFormValues)[];
    for (const name of names) setError(name, { type: 'server', message: byField[name] });
    if (names[0]) setFocus(names[0]);
  });

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
