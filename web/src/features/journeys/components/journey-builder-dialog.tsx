/**
 * Create and edit a journey: a name, the trigger (a form submission of an interest or any, a
 * contact joining a list or coming to match a segment, a click on a campaign's link, a lot page
 * viewed N times within D days, a lot's status or price changing, or staff entering a list), the
 * exits (a reply, being tagged a customer), and the steps in order, each added,
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
  CUSTOMER_TAG,
  JOURNEY_DEFAULT_EXITS,
  JOURNEY_TRIGGER_INTERESTS,
  JourneyFormSchema,
  LEAD_INTEREST_LABELS,
  fieldErrorsOf,
  type JourneyExits,
  type JourneyWithStats,
} from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ListOptions } from '../../../components/form/list-options';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog, RecordFormDialog } from '../../../components/ui/form-dialog';
import { StaleCopyAlert } from '../../../components/ui/stale-copy-alert';
import { fieldErrors } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { useCampaignNames } from '../../../lib/use-campaign-names';
import { useLists } from '../../../lib/use-lists';
import { useLots } from '../../../lib/use-lots';
import { useSegments } from '../../../lib/use-segments';
import { useStaffChoices } from '../../../lib/use-staff-choices';
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
  segment_joined: 'A contact comes to match a segment',
  link_clicked: 'A link in a campaign is clicked',
  lot_viewed: 'A lot page is viewed often',
  lot_changed: 'A lot’s status or price changes',
  manual: 'Staff enter a list',
};

const LOT_CHANGE_LABELS: Record<TriggerDraft['change'], string> = {
  any: 'Status or price',
  status: 'Status',
  price: 'Price',
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
  const segments = useSegments().data;
  const campaigns = useCampaignNames().data;
  const { lots } = useLots();
  const staff = useStaffChoices().choices;
  const [name, setName] = useState(journey?.name ?? '');
  const [trigger, setTrigger] = useState<TriggerDraft>(() => triggerDraftOf(journey?.trigger));
  const [exits, setExits] = useState<JourneyExits>(journey?.exits ?? JOURNEY_DEFAULT_EXITS);
  const [steps, setSteps] = useState<StepDraft[]>(() => (journey ? journey.steps.map(draftOf) : [newStep([])]));
  const [focus, setFocus] = useState<StepFocus | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saveErrors, setSaveErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusCount = useRef(0);

  const checked = v.safeParse(JourneyFormSchema, {
    name,
    trigger: triggerOf(trigger),
    exits,
    steps: steps.map(stepOf),
  });
  const setTriggerField = (patch: Partial<TriggerDraft>) => edit(() => setTrigger({ ...trigger, ...patch }));
  /** A select of the trigger's `field`: a blank choice, then the options (a stored value no longer offered kept by number). */
  const triggerSelect = (
    field: 'segmentId' | 'campaignId' | 'lotNumber',
    label: string,
    blank: string,
    options: readonly (readonly [string, string])[] | undefined,
  ) => (
    <FormField id={`journey-trigger-${field}`} label={label} error={errors[`trigger.${field}`]}>
      {(p) => (
        <select
          {...p}
          className={controlClass}
          value={trigger[field]}
          onChange={(e) => setTriggerField({ [field]: e.target.value })}
        >
          <option value="">{blank}</option>
          {(options ?? []).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
          {trigger[field] && options && !options.some(([value]) => value === trigger[field]) && (
            <option value={trigger[field]}>{`#${trigger[field]}`}</option>
          )}
        </select>
      )}
    </FormField>
  );
  const numberInput = (field: 'times' | 'days', label: string, max: number) => (
    <FormField id={`journey-trigger-${field}`} label={label} error={errors[`trigger.${field}`]}>
      {(p) => (
        <input
          {...p}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          className={controlClass}
          value={trigger[field]}
          onChange={(e) => setTriggerField({ [field]: e.target.value })}
        />
      )}
    </FormField>
  );
  const lotOptions = lots?.map((l) => [String(l.number), `Lot ${l.number}`] as const);
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
        {trigger.kind === 'segment_joined' &&
          triggerSelect(
            'segmentId',
            'Segment',
            'Select a segment',
            segments?.map((g) => [String(g.id), g.name] as const),
          )}
        {trigger.kind === 'link_clicked' && (
          <>
            {triggerSelect(
              'campaignId',
              'Campaign',
              'Select a campaign',
              campaigns?.map((c) => [String(c.id), c.name] as const),
            )}
            <FormField id="journey-trigger-url" label="Link address (empty: any link)" error={errors['trigger.url']}>
              {(p) => (
                <input
                  {...p}
                  type="url"
                  className={controlClass}
                  value={trigger.url}
                  placeholder="https://"
                  onChange={(e) => setTriggerField({ url: e.target.value })}
                />
              )}
            </FormField>
          </>
        )}
        {trigger.kind === 'lot_viewed' && (
          <>
            {triggerSelect('lotNumber', 'Lot', 'Any lot', lotOptions)}
            {numberInput('times', 'Views', 100)}
            {numberInput('days', 'Within days', 90)}
          </>
        )}
        {trigger.kind === 'lot_changed' && (
          <>
            {triggerSelect('lotNumber', 'Lot', 'Any lot', lotOptions)}
            <FormField id="journey-trigger-change" label="Change" error={errors['trigger.change']}>
              {(p) => (
                <select
                  {...p}
                  className={controlClass}
                  value={trigger.change}
                  onChange={(e) => setTriggerField({ change: e.target.value as TriggerDraft['change'] })}
                >
                  {Object.entries(LOT_CHANGE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
      </div>
      {trigger.kind === 'lot_viewed' && (
        <p className="text-sm text-stone-600">
          Only visitors who have sent a form are known as contacts; their views before and after count.
        </p>
      )}
      {trigger.kind === 'lot_changed' && (
        <p className="text-sm text-stone-600">
          Contacts who asked about the lot in a form, or watch it, enter with it as their lot.
        </p>
      )}
      {trigger.kind === 'manual' && (
        <p className="text-sm text-stone-600">Contacts enter when staff choose Enter a list… on the Journeys screen.</p>
      )}
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium text-stone-900">Contacts leave the journey when</legend>
        <p className="text-sm text-stone-600">They unsubscribe or their address bounces (always).</p>
        <label className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
          <input
            type="checkbox"
            className="size-4"
            checked={exits.replied}
            onChange={(e) => edit(() => setExits({ ...exits, replied: e.target.checked }))}
          />
          They reply (a mail from them reaches the inbox)
        </label>
        <label className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
          <input
            type="checkbox"
            className="size-4"
            checked={exits.customer}
            onChange={(e) => edit(() => setExits({ ...exits, customer: e.target.checked }))}
          />
          Staff mark them a customer (the tag “{CUSTOMER_TAG}” on the contact)
        </label>
      </fieldset>
      <div className="grid gap-3">
        {steps.map((s, i) => (
          <StepRow
            key={s.id}
            step={s}
            index={i}
            all={steps}
            templates={templates}
            lists={lists}
            lots={lots}
            staff={staff}
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
