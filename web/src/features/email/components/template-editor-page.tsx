/**
 * The template page (/marketing/templates/new and /marketing/templates/{id}): the block editor
 * (a new template's default; the mailer renders the blocks, and the preview shows its render at
 * desktop or phone width) or the HTML editor, with the merge tags listed and a live preview in a
 * sandboxed frame (the mailer's policy). A block template can be switched to HTML, once and for
 * good, after a confirmation; an HTML template stays HTML.
 * After create, the new template's route; after update, back to the list. It opens the version
 * stored now and saves over that version only: when someone saved the template in between, the
 * save is refused (409), the message shows in a toast and in the editor, what was typed stays,
 * and 'Load the newer version' replaces the form with the stored one.
 */
import { ErrorAlert } from '../../../components/ui/error-state';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import type * as v from 'valibot';
import { INVALID_TEMPLATE_ID, TemplateInputSchema, type Template } from '@lp/contracts/email';
import { MERGE_TAGS } from '@lp/contracts/email-html';
import type { EmailBlock, TemplateEditor } from '@lp/contracts/email-blocks';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { previewBlocks } from '../api/template-blocks';
import { blockErrorsOf, serverBlockErrors, starterBlocks } from '../lib/email-blocks';
import { BlockEditor } from './blocks/block-editor';
import { BlockPreview } from './blocks/block-preview';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { dialogButton } from '../../../components/ui/dialog';
import { StaleEditAlert } from '../../../components/ui/stale-edit-alert';
import { TEMPLATES_KEY, createTemplate, updateTemplate } from '../api/templates';
import { PLACEHOLDER_CONTENT } from './create-template-dialog';
import { EmailPreviewFrame } from './email-preview-frame';
import { ApiError } from '../../../lib/api-request';
import { errorMessage } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useStoredRecord } from '../../../lib/use-stored-record';

type TemplateForm = v.InferInput<typeof TemplateInputSchema>;

const isValidId = (id: number) => Number.isInteger(id) && id >= 1 && id <= 2147483647;

const BLANK: TemplateForm = {
  name: '',
  subject: '',
  description: '',
  previewText: '',
  category: 'Custom',
  content: PLACEHOLDER_CONTENT,
};

export function TemplateEditorPage({ templateId }: { templateId: number | null }) {
  const navigate = useNavigate();
  const editing = templateId !== null;
  const validId = editing && isValidId(templateId);
  const { data, error, loading, generation, reload } = useStoredRecord<Template>(
    validId ? `${TEMPLATES_KEY}/${templateId}` : null,
  );
  const problem = !editing
    ? null
    : !validId
      ? INVALID_TEMPLATE_ID
      : error instanceof ApiError && error.status === 404
        ? 'Template not found'
        : error
          ? 'Failed to load templates'
          : null;
  if (problem)
    return (
      <div className="space-y-3">
        <ErrorAlert>{problem}</ErrorAlert>
        <button type="button" className={dialogButton.cancel} onClick={() => navigate('/marketing/templates')}>
          Back to templates
        </button>
      </div>
    );
  if (loading || (editing && !data))
    return (
      <p role="status" className="text-stone-600">
        Loading template…
      </p>
    );
  return (
    <TemplateEditorForm
      key={`${templateId ?? 'new'}-${generation}`}
      templateId={templateId}
      version={data?.version ?? null}
      initial={data ? toForm(data) : BLANK}
      initialEditor={data ? (data.editor ?? 'html') : 'blocks'}
      initialBlocks={data?.blocks ?? starterBlocks()}
      onLoadNewer={reload}
    />
  );
}

const toForm = (t: Template): TemplateForm => ({
  name: t.name,
  subject: t.subject,
  description: t.description,
  previewText: t.previewText,
  category: t.category,
  content: t.content,
});

type FormProps = {
  templateId: number | null;
  /** The stored version the form starts from (null for a new template). */
  version: number | null;
  initial: TemplateForm;
  initialEditor: TemplateEditor;
  initialBlocks: EmailBlock[];
  onLoadNewer: () => void;
};

/** The form, shown once the stored version is known: it starts from that version and nothing replaces what is typed. */
function TemplateEditorForm({ templateId, version, initial, initialEditor, initialBlocks, onLoadNewer }: FormProps) {
  const navigate = useNavigate();
  const editing = templateId !== null;
  const [stale, setStale] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [editor, setEditor] = useState<TemplateEditor>(initialEditor);
  const [blocks, setBlocks] = useState<EmailBlock[]>(initialBlocks);
  const [blockErrors, setBlockErrors] = useState<Record<string, string>>({});
  const [confirmSwitch, setConfirmSwitch] = useState(false);
  const [switching, setSwitching] = useState(false);
  const rendered = useRef<string | null>(null);
  const onRendered = useCallback((html: string) => {
    rendered.current = html;
  }, []);
  const { register, handleSubmit, formState, watch, setValue } = useForm<TemplateForm>({
    resolver: valibotResolver(TemplateInputSchema),
    defaultValues: initial,
    reValidateMode: 'onChange',
  });

  const changeBlocks = (next: EmailBlock[]) => {
    setBlocks(next);
    // Errors shown so far follow the edit (a fixed field clears); new ones wait for the next save.
    if (Object.keys(blockErrors).length) setBlockErrors(blockErrorsOf(next));
  };

  /** One way: the blocks' HTML becomes the content of an HTML template (saved with the next save). */
  const switchToHtml = async () => {
    setSwitching(true);
    try {
      const html = Object.keys(blockErrorsOf(blocks)).length ? rendered.current : (await previewBlocks(blocks)).html;
      if (html) setValue('content', html, { shouldDirty: true });
      setEditor('html');
      setBlockErrors({});
      setConfirmSwitch(false);
    } catch (err) {
      toast({ title: 'Could not switch to HTML', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSwitching(false);
    }
  };

  const onSubmit = handleSubmit(async (form) => {
    if (editor === 'blocks') {
      const errors = blockErrorsOf(blocks);
      setBlockErrors(errors);
      if (Object.keys(errors).length) {
        toast({ title: 'Error saving template', description: 'Some blocks are not complete', variant: 'destructive' });
        return;
      }
    }
    const f = editor === 'blocks' ? { ...form, editor, blocks } : { ...form, editor, blocks: null };
    try {
      if (editing) {
        await updateTemplate(templateId, { ...f, version: version ?? 0 });
        await mutate(TEMPLATES_KEY);
        toast({ title: 'Template updated' });
        navigate('/marketing/templates');
      } else {
        const t = await createTemplate(f);
        await mutate(TEMPLATES_KEY);
        toast({ title: 'Template created' });
        navigate(`/marketing/templates/${t.id}`);
      }
    } catch (err) {
      setStale(staleEditMessage(err));
      setBlockErrors(serverBlockErrors(err));
      toast({ title: 'Error saving template', description: errorMessage(err), variant: 'destructive' });
    }
  });

  const e = formState.errors;
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">{editing ? 'Edit Template' : 'New Template'}</h1>
        <div className="flex gap-3">
          <button type="button" className={dialogButton.cancel} onClick={() => navigate('/marketing/templates')}>
            Cancel
          </button>
          <button type="submit" className={dialogButton.primary} disabled={formState.isSubmitting}>
            Save Template
          </button>
        </div>
      </div>
      {stale && (
        <div className="mt-4">
          <StaleEditAlert
            message={stale}
            loading={reloading}
            onLoadNewer={() => {
              setReloading(true);
              onLoadNewer();
            }}
          />
        </div>
      )}
      <div
        className={`mt-6 grid gap-6 ${editor === 'blocks' ? 'xl:grid-cols-[minmax(0,1fr)_41rem]' : 'lg:grid-cols-2'}`}
      >
        <div className="space-y-4">
          <FormField id="template-name" label="Name" required error={e.name?.message}>
            {(c) => <input {...c} {...register('name')} className={controlClass} />}
          </FormField>
          <FormField id="template-subject" label="Subject" required error={e.subject?.message}>
            {(c) => <input {...c} {...register('subject')} className={controlClass} />}
          </FormField>
          <FormField
            id="template-preview-text"
            label="Preview text"
            hint="At most 150 characters"
            error={e.previewText?.message}
          >
            {(c) => <input {...c} {...register('previewText')} className={controlClass} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="template-category" label="Category" error={e.category?.message}>
              {(c) => <input {...c} {...register('category')} className={controlClass} />}
            </FormField>
            <FormField id="template-description" label="Description" error={e.description?.message}>
              {(c) => <input {...c} {...register('description')} className={controlClass} />}
            </FormField>
          </div>
          {editor === 'blocks' ? (
            <>
              <BlockEditor blocks={blocks} onChange={changeBlocks} errors={blockErrors} />
              <div className="flex flex-wrap items-center gap-3 rounded-lg bg-white p-4 ring-1 ring-stone-200">
                <p className="flex-1 text-sm text-stone-700">
                  Need something the blocks cannot do? Edit this template as HTML.
                </p>
                <button type="button" className={dialogButton.cancel} onClick={() => setConfirmSwitch(true)}>
                  Switch to HTML
                </button>
              </div>
              <ConfirmDialog
                open={confirmSwitch}
                title="Switch to HTML"
                message="The blocks become HTML that you edit as code. This cannot be undone: the template stays an HTML template."
                confirmLabel="Switch to HTML"
                busy={switching}
                onConfirm={() => void switchToHtml()}
                onCancel={() => setConfirmSwitch(false)}
              />
            </>
          ) : (
            <FormField id="template-content" label="Content (HTML)" required error={e.content?.message}>
              {(c) => (
                <textarea
                  {...c}
                  {...register('content')}
                  rows={14}
                  spellCheck={false}
                  className={`${controlClass} font-mono text-sm`}
                />
              )}
            </FormField>
          )}
          <section aria-labelledby="merge-tags" className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
            <h2 id="merge-tags" className="text-sm font-semibold text-stone-800">
              Merge tags
            </h2>
            <ul className="mt-2 grid gap-1 text-sm text-stone-700 sm:grid-cols-2">
              {Object.entries(MERGE_TAGS).map(([tag, what]) => (
                <li key={tag}>
                  <code className="rounded bg-stone-100 px-1">{`{{${tag}}}`}</code> {what}
                </li>
              ))}
            </ul>
          </section>
        </div>
        {editor === 'blocks' ? (
          <BlockPreview blocks={blocks} onRendered={onRendered} />
        ) : (
          <div>
            <h2 className="mb-2 text-sm font-semibold text-stone-800">Preview</h2>
            <EmailPreviewFrame html={watch('content') ?? ''} />
          </div>
        )}
      </div>
    </form>
  );
}
