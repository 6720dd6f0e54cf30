/**
 * Create and edit a journey: a name, the trigger (a form submission of an interest or any, a
 * contact joining a list, or staff entering a list), and the steps in order, each added,
 * removed and moved up or down in its own group with the inputs its type takes. The form is
 * checked with the contracts' `JourneyFormSchema` on save and again on each change after; the
 * server's field messages (`steps.2.yes`) show at their input under the same paths. Edit opens
 * the journey as stored now and saves with its version: one changed since is refused (409),
 * said plainly, what was typed kept.
 *
 * Steps keep their ids (see `step-draft`): an edit keeps every contact's place.
 */
import { useRef, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  JOURNEY_TRIGGER_INTERESTS,
  JourneyFormSchema,
  LEAD_INTEREST_LABELS,
  fieldErrorsOf,
  type JourneyWithStats,
} from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ListOptions } from '../../../components/form/list-options';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog, RecordFormDialog } from '../../../components/ui/form-dialog';
import { StaleCopyAlert } from '../../../components/ui/stale-copy-alert';
import { fieldErrors } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useLists } from '../../../lib/use-lists';
import { useTemplateNames } from '../../../lib/use-template-names';
import { createJourney, journeyUrl, updateJourney } from '../api/journeys';
import {
  draftOf,
  newStep,
  stepOf,
  triggerDraftOf,
  triggerOf,
  type StepDraft,
  type TriggerDraft,
} from '../lib/step-draft';
import { StepRow, type StepFocus } from './step-row';

type Props = { open: boolean; journeyId?: number; onClose: () => void; onSaved: () => void };

export function JourneyBuilderDialog({ open, journeyId, onClose, onSaved }: Props) {
  return (
    <RecordFormDialog<JourneyWithStats>
      open={open}
      url={journeyId === undefined ? undefined : journeyUrl(journeyId)}
      title="Edit Journey"
      loadingLabel="Loading journey…"
      failedMessage="The journey could not be loaded. Please try again."
      onClose={onClose}
      form={(journey, onLoadStored) => (
        <JourneyBuilder journey={journey} onClose={onClose} onSaved={onSaved} onLoadStored={onLoadStored} />
      )}
    />
  );
}

const TRIGGER_LABELS: Record<TriggerDraft['kind'], string> = {
  form_submission: 'A form is submitted',
  list_joined: 'A contact joins a list',
  manual: 'Staff enter a list',
};

const interestLabel = (i: (typeof JOURNEY_TRIGGER_INTERESTS)[number]) =>
  i === 'any' ? 'Any interest' : LEAD_INTEREST_LABELS[i];

/** Messages of step `i`, by its own field name. */
function stepErrors(errors: Record<string, string>, i: number): Record<string, string> {
  const prefix = `steps.${i}.`;
  const own = Object.entries(errors)
    .filter(([k]) => k.startsWith(prefix))
    .map(([k, m]) => [k.slice(prefix.length), m]);
  const whole = errors[`steps.${i}`];
  return Object.fromEntries(whole ? [...own, ['step', whole]] : own);
}

function JourneyBuilder({
  journey,
  onClose,
  onSaved,
  onLoadStored,
}: {
  journey?: JourneyWithStats;
  onClose: () => void;
  onSaved: () => void;
  onLoadStored?: () => void;
}) {
  const lists = useLists().data;
  const templates = useTemplateNames().names;
  const [name, setName] = useState(journey?.name ?? '');
  const [trigger, setTrigger] = useState<TriggerDraft>(() => triggerDraftOf(journey?.trigger));
  const [steps, setSteps] = useState<StepDraft[]>(() => (journey ? journey.steps.map(draftOf) : [newStep([])]));
  const [focus, setFocus] = useState<StepFocus | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusCount = useRef(0);

  const checked = v.safeParse(JourneyFormSchema, { name, trigger: triggerOf(trigger), steps: steps.map(stepOf) });
  const errors = {
    ...(submitted && !checked.success ? firstOf(fieldErrorsOf(checked.issues)) : {}),
    ...saveErrors,
  };

  /** Any edit: the save's messages were about the form as it was. */
  const edit = (fn: () => void) => {
    setSaveErrors({});
    fn();
  };
  const focusOn = (id: string, on: StepFocus['on']) => setFocus({ id, on, n: ++focusCount.current });
  const setStep = (d: StepDraft) => edit(() => setSteps((ss) => ss.map((s) => (s.id === d.id ? d : s))));
  const addStep = () =>
    edit(() => {
      const s = newStep(steps.map((x) => x.id));
      setSteps((ss) => [...ss, s]);
      focusOn(s.id, 'kind');
    });
  const removeStep = (id: string) =>
    edit(() => {
      // A branch to the removed step goes on to the next step instead.
      setSteps((ss) =>
        ss
          .filter((s) => s.id !== id)
          .map((s) => ({ ...s, yes: s.yes === id ? '' : s.yes, no: s.no === id ? '' : s.no })),
      );
      // The focused Remove button goes with its step: the keyboard carries on from Add step.
      addButton.current?.focus();
    });
  const moveStep = (id: string, by: -1 | 1) =>
    edit(() => {
      setSteps((ss) => {
        const i = ss.findIndex((s) => s.id === id);
        const j = i + by;
        if (i < 0 || j < 0 || j >= ss.length) return ss;
        const next = [...ss];
        [next[i], next[j]] = [next[j]!, next[i]!];
        return next;
      });
      focusOn(id, by < 0 ? 'up' : 'down');
    });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setSubmitted(true);
    setStale(null);
    if (!checked.success) return;
    setSaving(true);
    try {
      if (journey) await updateJourney(journey.id, { ...checked.output, version: journey.version });
      else await createJourney(checked.output);
      toast({ title: journey ? 'Journey updated' : 'Journey created' });
      onSaved();
      onClose();
    } catch (error) {
      const fields = fieldErrors(error);
      const message = staleEditMessage(error);
      if (Object.keys(fields).length > 0) setSaveErrors(fields);
      else if (message) setStale(message);
      else
        toast({
          title: journey ? 'Failed to update journey' : 'Failed to create journey',
          description: 'Please try again.',
          variant: 'destructive',
        });
    } finally {
      setSaving(false);
    }
  };

  const stepsError = errors.steps ?? errors.trigger ?? errors._;
  return (
    <FormDialog
      onClose={onClose}
      title={journey ? 'Edit Journey' : 'Create Journey'}
      formId="journey-form"
      onSubmit={(e) => void onSubmit(e)}
      submitLabel={saving ? 'Saving...' : journey ? 'Save Changes' : 'Create Journey'}
      pending={saving}
      wide
      notice={stale && onLoadStored && <StaleCopyAlert message={stale} onLoadStored={onLoadStored} />}
    >
      <FormField id="journey-name" label="Journey name" required error={errors.name}>
        {(p) => (
          <input {...p} className={controlClass} value={name} onChange={(e) => edit(() => setName(e.target.value))} />
        )}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="journey-trigger" label="Starts when" error={errors['trigger.kind']}>
          {(p) => (
            <select
              {...p}
              className={controlClass}
              value={trigger.kind}
              onChange={(e) => edit(() => setTrigger({ ...trigger, kind: e.target.value as TriggerDraft['kind'] }))}
            >
              {Object.entries(TRIGGER_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {trigger.kind === 'form_submission' && (
          <FormField id="journey-trigger-interest" label="Interest" error={errors['trigger.interest']}>
            {(p) => (
              <select
                {...p}
                className={controlClass}
                value={trigger.interest}
                onChange={(e) => edit(() => setTrigger({ ...trigger, interest: e.target.value }))}
              >
                {JOURNEY_TRIGGER_INTERESTS.map((i) => (
                  <option key={i} value={i}>
                    {interestLabel(i)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        {trigger.kind === 'list_joined' && (
          <FormField id="journey-trigger-list" label="List" error={errors['trigger.listId']}>
            {(p) => (
              <select
                {...p}
                className={controlClass}
                value={trigger.listId}
                onChange={(e) => edit(() => setTrigger({ ...trigger, listId: e.target.value }))}
              >
                <option value="">Select a list</option>
                <ListOptions lists={lists} />
              </select>
            )}
          </FormField>
        )}
      </div>
      {trigger.kind === 'manual' && (
        <p className="text-sm text-stone-600">Contacts enter when staff choose Enter a list… on the Journeys screen.</p>
      )}
      <div className="grid gap-3">
        {steps.map((s, i) => (
          <StepRow
            key={s.id}
            step={s}
            index={i}
            all={steps}
            templates={templates}
            lists={lists}
            errors={stepErrors(errors, i)}
            onChange={setStep}
            onRemove={() => removeStep(s.id)}
            onMove={(by) => moveStep(s.id, by)}
            focus={focus?.id === s.id ? focus : null}
          />
        ))}
        {stepsError && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {stepsError}
          </p>
        )}
        <div>
          <button
            ref={addButton}
            type="button"
            onClick={addStep}
            className="min-h-10 rounded-md px-4 font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-50"
          >
            Add step
          </button>
        </div>
      </div>
    </FormDialog>
  );
}

const firstOf = (fields: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0] ?? '']));
