/**
 * Adds or edits a goal: its name, whether it is a page (exact, or every page under a prefix
 * ending in `*`) or an event the tracker sends, and which. A name another goal has in any letter
 * case is shown on the name field; a goal changed by someone else since the dialog opened says
 * so above the form (what was typed is kept) and the card reads the goals again, so the next
 * edit opens on the newer copy; 'Goal added' / 'Goal saved' and 'Failed to add
 * goal' / 'Failed to save goal' 'Please try again.' as toasts.
 */
import { valibotResolver } from '@hookform/resolvers/valibot';
import { useSWRConfig } from 'swr';
import { GoalFormSchema, type Goal, type GoalForm } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { useRecordForm } from '../../../components/form/use-record-form';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog } from '../../../components/ui/form-dialog';
import { staleEditMessage } from '../../../lib/stale-edit';
import { createGoal, isGoalKey, updateGoal } from '../api/goals';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The goal to edit (as the screen shows it, with its version); none to add one. */
  goal?: Pick<Goal, 'id' | 'name' | 'kind' | 'value' | 'version'>;
};

export function GoalFormDialog({ open, onClose, goal }: Props) {
  // Keyed by the goal and its version: reopened on a newer copy, the form starts from it.
  return open ? <GoalFormBody key={goal ? `${goal.id}@${goal.version}` : 'new'} onClose={onClose} goal={goal} /> : null;
}

function GoalFormBody({ onClose, goal }: Omit<Props, 'open'>) {
  const { mutate } = useSWRConfig();
  const { form, onSubmit, stale } = useRecordForm<GoalForm>({
    resolver: valibotResolver(GoalFormSchema),
    defaultValues: goal
      ? { name: goal.name, kind: goal.kind, value: goal.value }
      : { name: '', kind: 'page', value: '' },
    uniqueField: 'name',
    save: async (values) => {
      if (goal)
        await updateGoal(goal.id, { ...values, version: goal.version }).catch((err: unknown) => {
          // Changed meanwhile: the card reads the goals again, so the next edit opens on the newer
          // copy (this dialog keeps its own, and what was typed).
          if (staleEditMessage(err)) void mutate(isGoalKey);
          throw err;
        });
      else await createGoal(values);
      toast({ title: goal ? 'Goal saved' : 'Goal added' });
      await mutate(isGoalKey);
      onClose();
    },
    failed: { title: goal ? 'Failed to save goal' : 'Failed to add goal', description: 'Please try again.' },
  });
  const { register, watch } = form;
  const { errors, isSubmitting } = form.formState;
  const kind = watch('kind');
  return (
    <FormDialog
      open
      onClose={onClose}
      title={goal ? 'Edit Goal' : 'Add Goal'}
      description="A visit converts when it views the page or sends the event."
      formId="goal-form"
      onSubmit={onSubmit}
      submitLabel={goal ? 'Save Goal' : 'Add Goal'}
      pending={isSubmitting}
      notice={
        stale && (
          <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            {stale}
          </p>
        )
      }
    >
      <FormField id="goal-name" label="Goal name" required error={errors.name?.message}>
        {(p) => <input {...p} className={controlClass} placeholder="Saw a lot" {...register('name')} />}
      </FormField>
      <FormField id="goal-kind" label="Counts" error={errors.kind?.message}>
        {(p) => (
          <select {...p} className={controlClass} {...register('kind')}>
            <option value="page">A page view</option>
            <option value="event">An event</option>
          </select>
        )}
      </FormField>
      <FormField
        id="goal-value"
        label={kind === 'event' ? 'Event name' : 'Page'}
        required
        hint={
          kind === 'event'
            ? 'As the site sends it: form_submitted, lot_click, outbound_click, file_download, video_play.'
            : 'A path (/contact), or every page under one with * at the end (/lots/*).'
        }
        error={errors.value?.message}
      >
        {(p) => (
          <input
            {...p}
            className={controlClass}
            placeholder={kind === 'event' ? 'form_submitted' : '/lots/*'}
            {...register('value')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
