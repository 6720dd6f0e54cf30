/**
 * The create dialog: name and subject required, description optional, and the editor: blocks
 * (the default: no HTML needed; it starts with a heading and a paragraph) or HTML (content
 * starts as a placeholder). Closed without creating, it forgets what was typed: each opening
 * starts empty.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { mutate } from 'swr';
import * as v from 'valibot';
import { TemplateInputSchema } from '@lp/contracts/email';
import { TEMPLATE_EDITORS } from '@lp/contracts/email-blocks';
import { starterBlocks } from '../lib/email-blocks';
import { FormField, controlClass } from '../../../components/form/form-field';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog } from '../../../components/ui/form-dialog';
import { TEMPLATES_KEY, createTemplate } from '../api/templates';

const CreateSchema = v.object({
  name: TemplateInputSchema.entries.name,
  subject: TemplateInputSchema.entries.subject,
  description: TemplateInputSchema.entries.description,
  editor: v.picklist(TEMPLATE_EDITORS),
});
type CreateForm = v.InferInput<typeof CreateSchema>;

export const PLACEHOLDER_CONTENT = '<p>Start writing your email here...</p>';

export function CreateTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { register, handleSubmit, formState, reset } = useForm<CreateForm>({
    resolver: valibotResolver(CreateSchema),
    defaultValues: { editor: 'blocks' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (f) => {
    try {
      const t = await createTemplate({
        ...f,
        content: PLACEHOLDER_CONTENT,
        category: 'Custom',
        blocks: f.editor === 'blocks' ? starterBlocks() : null,
      });
      await mutate(TEMPLATES_KEY);
      toast({ title: 'Template created' });
      reset();
      onClose();
      navigate(`/marketing/templates/${t.id}`);
    } catch {
      toast({ title: 'Failed to create new template', variant: 'destructive' });
    }
  });
  const e = formState.errors;
  return (
    <FormDialog
      open={open}
      title="Create Template"
      onClose={close}
      formId="create-template-form"
      onSubmit={onSubmit}
      submitLabel="Create"
      pending={formState.isSubmitting}
      formClassName="space-y-4"
    >
      <FormField id="new-template-name" label="Name" required error={e.name?.message}>
        {(c) => <input {...c} {...register('name')} className={controlClass} />}
      </FormField>
      <FormField id="new-template-subject" label="Subject" required error={e.subject?.message}>
        {(c) => <input {...c} {...register('subject')} className={controlClass} />}
      </FormField>
      <FormField id="new-template-description" label="Description" error={e.description?.message}>
        {(c) => <textarea {...c} {...register('description')} rows={3} className={controlClass} />}
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-stone-800">Editor</legend>
        <div className="mt-1 space-y-2">
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input type="radio" value="blocks" {...register('editor')} className="mt-1" />
            <span>
              <span className="font-semibold">Blocks</span> – build it from headings, text, images, buttons and lot
              cards; no HTML needed
            </span>
          </label>
          <label className="flex items-start gap-2 text-sm text-stone-800">
            <input type="radio" value="html" {...register('editor')} className="mt-1" />
            <span>
              <span className="font-semibold">HTML</span> – write or paste the HTML yourself
            </span>
          </label>
        </div>
      </fieldset>
    </FormDialog>
  );
}
