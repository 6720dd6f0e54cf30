/**
 * One step of the journey builder, as a labelled group ("Step 2"): its type, the inputs that
 * type takes (a template; a wait and its unit; a weekday and hour; what a branch asks — opened,
 * clicked, replied, a lot's status — and where yes and no go, among the later steps; a list; a
 * tag; the staff an alert goes to), then Move up, Move down and Remove. `errors`
 * are this step's messages by contracts field (`templateId`, `seconds`, `yes`…); each shows at
 * its input, any other under the group.
 */
import { useEffect, useRef } from 'react';
import { LOT_STATUSES, LOT_STATUS_LABELS, weekdayName, type ContactList, type PublicLot } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ListOptions } from '../../../components/form/list-options';
import { StaffRecipientsInput, type StaffRecipientChoice } from '../../../components/form/staff-recipients-field';
import { STEP_KINDS, STEP_KIND_LABELS, WAIT_UNITS, type StepDraft, type WaitUnit } from '../lib/step-draft';

/** The step's inputs held as text (what a select shows). */
type StringField = { [K in keyof StepDraft]: StepDraft[K] extends string ? K : never }[keyof StepDraft];

export type StepFocus = { id: string; on: 'kind' | 'up' | 'down'; n: number };

type Props = {
  step: StepDraft;
  index: number;
  /** Every step of the journey in order (branch targets: the later ones). */
  all: readonly StepDraft[];
  templates: readonly { id: number; name: string }[];
  lists: readonly ContactList[] | undefined;
  /** The lots a branch on a lot's status may name. */
  lots: readonly PublicLot[] | undefined;
  /** The staff accounts an alert may go to. */
  staff: readonly StaffRecipientChoice[];
  errors: Record<string, string>;
  onChange: (d: StepDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  focus: StepFocus | null;
};

const small =
  'min-h-10 rounded-md px-3 text-sm font-semibold ring-1 ring-stone-300 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-50';

export function StepRow({
  step,
  index,
  all,
  templates,
  lists,
  lots,
  staff,
  errors,
  onChange,
  onRemove,
  onMove,
  focus,
}: Props) {
  const kindRef = useRef<HTMLSelectElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const n = index + 1;
  const first = index === 0;
  const last = index === all.length - 1;
  useEffect(() => {
    if (!focus) return;
    // A step moved to the top or bottom: its other move button keeps the keyboard here.
    const target =
      focus.on === 'kind' ? kindRef : focus.on === 'up' ? (first ? downRef : upRef) : last ? upRef : downRef;
    target.current?.focus();
    // Only a new request moves the focus, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus?.n]);

  const id = (name: string) => `journey-step-${step.id}-${name}`;
  const set = (patch: Partial<StepDraft>) => onChange({ ...step, ...patch });
  // The wait's message is about `seconds`, which the amount and its unit make.
  const at = (input: string) => (input === 'amount' ? (errors.seconds ?? errors.amount) : errors[input]);
  const shown = new Set(['kind', ...inputsOf(step.kind, step.condition), ...(step.kind === 'wait' ? ['seconds'] : [])]);
  const others = Object.entries(errors).filter(([k]) => !shown.has(k) && !shown.has(k.split('.')[0]!));

  const targets = (value: string) => {
    const later = all
      .slice(index + 1)
      .map((s, i) => [s.id, `Step ${index + i + 2}: ${STEP_KIND_LABELS[s.kind]}`] as const);
    const options: (readonly [string, string])[] = [['', 'The next step'], ...later];
    if (value && !later.some(([v]) => v === value)) {
      const i = all.findIndex((s) => s.id === value);
      options.push([value, i < 0 ? 'A removed step' : `Step ${i + 1} (not a later step)`]);
    }
    return options;
  };
  const select = (name: StringField, label: string, options: readonly (readonly [string, string])[]) => (
    <FormField key={name} id={id(name)} label={label} error={at(name)}>
      {(p) => (
        <select {...p} className={controlClass} value={step[name]} onChange={(e) => set({ [name]: e.target.value })}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );

  return (
    <fieldset className="min-w-0 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">Step {n}</legend>
      <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]">
        <FormField id={id('kind')} label="Type" error={errors.kind}>
          {(p) => (
            <select
              {...p}
              ref={kindRef}
              className={controlClass}
              value={step.kind}
              onChange={(e) => set({ kind: e.target.value as StepDraft['kind'] })}
            >
              {STEP_KINDS.map((k) => (
                <option key={k} value={k}>
                  {STEP_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {step.kind === 'send' &&
          select('templateId', 'Template', [
            ['', 'Select a template'],
            ...templates.map((t) => [String(t.id), t.name] as const),
            ...(step.templateId && !templates.some((t) => String(t.id) === step.templateId)
              ? [[step.templateId, `Template #${step.templateId}`] as const]
              : []),
          ])}
        {step.kind === 'wait' && (
          <>
            <FormField id={id('amount')} label="Wait for" error={at('amount')}>
              {(p) => (
                <input
                  {...p}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  className={controlClass}
                  value={step.amount}
                  onChange={(e) => set({ amount: e.target.value })}
                />
              )}
            </FormField>
            <FormField id={id('unit')} label="Unit">
              {(p) => (
                <select
                  {...p}
                  className={controlClass}
                  value={step.unit}
                  onChange={(e) => set({ unit: e.target.value as WaitUnit })}
                >
                  {Object.keys(WAIT_UNITS).map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </>
        )}
        {step.kind === 'wait_until' && (
          <>
            {select(
              'weekday',
              'Weekday',
              [1, 2, 3, 4, 5, 6, 7].map((d) => [String(d), weekdayName(d)] as const),
            )}
            {select(
              'hour',
              'Hour (site time)',
              Array.from({ length: 24 }, (_, h) => [String(h), `${String(h).padStart(2, '0')}:00`] as const),
            )}
          </>
        )}
        {step.kind === 'branch' && (
          <>
            {select('condition', 'Condition', [
              ['opened', 'Opened a mail of this journey'],
              ['clicked', 'Clicked a link in a mail of this journey'],
              ['replied', 'Replied (a mail from them reached the inbox)'],
              ['lot_status', 'A lot’s status'],
            ])}
            {step.condition === 'lot_status' &&
              select('lotNumber', 'Lot', [
                ['', 'The lot they came in for'],
                ...(lots ?? []).map((l) => [String(l.number), `Lot ${l.number}`] as const),
                ...(step.lotNumber && lots && !lots.some((l) => String(l.number) === step.lotNumber)
                  ? [[step.lotNumber, `Lot ${step.lotNumber}`] as const]
                  : []),
              ])}
            {select('yes', 'If yes go to', targets(step.yes))}
            {select('no', 'If no go to', targets(step.no))}
          </>
        )}
        {(step.kind === 'add_to_list' || step.kind === 'remove_from_list') && (
          <FormField id={id('listId')} label="List" error={at('listId')}>
            {(p) => (
              <select
                {...p}
                className={controlClass}
                value={step.listId}
                onChange={(e) => set({ listId: e.target.value })}
              >
                <option value="">Select a list</option>
                <ListOptions lists={lists} />
                {step.listId && lists && !lists.some((l) => String(l.id) === step.listId) && (
                  <option value={step.listId}>{`List #${step.listId}`}</option>
                )}
              </select>
            )}
          </FormField>
        )}
        {(step.kind === 'add_tag' || step.kind === 'remove_tag') && (
          <FormField id={id('tag')} label="Tag" error={at('tag')}>
            {(p) => (
              <input
                {...p}
                className={controlClass}
                value={step.tag}
                placeholder="e.g. lake view"
                onChange={(e) => set({ tag: e.target.value })}
              />
            )}
          </FormField>
        )}
      </div>
      {step.kind === 'branch' && step.condition === 'lot_status' && (
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-stone-900">Yes when the lot is</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {LOT_STATUSES.map((status) => (
              <label key={status} className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={step.lotStatuses.includes(status)}
                  onChange={(e) =>
                    set({
                      lotStatuses: e.target.checked
                        ? LOT_STATUSES.filter((x) => x === status || step.lotStatuses.includes(x))
                        : step.lotStatuses.filter((x) => x !== status),
                    })
                  }
                />
                {LOT_STATUS_LABELS[status]}
              </label>
            ))}
          </div>
          {at('lotStatuses') && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {at('lotStatuses')}
            </p>
          )}
        </fieldset>
      )}
      {step.kind === 'alert_staff' && (
        <div className="mt-3 grid gap-3">
          <StaffRecipientsInput
            value={step.recipients}
            onChange={(recipients) => set({ recipients })}
            idPrefix={id('recipients')}
            choices={staff}
            others
            errorOf={(i) => errors[`recipients.${i}.email`] ?? errors[`recipients.${i}.staffId`]}
            error={errors.recipients}
          />
          <label className="flex min-h-10 items-center gap-2 text-sm text-stone-900">
            <input
              type="checkbox"
              className="size-4"
              checked={step.roundRobin}
              onChange={(e) => set({ roundRobin: e.target.checked })}
            />
            One recipient per alert, in turn (round-robin)
          </label>
        </div>
      )}
      {others.map(([k, message]) => (
        <p key={k} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {message}
        </p>
      ))}
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <button
          ref={upRef}
          type="button"
          className={`${small} text-lake-900`}
          disabled={first}
          aria-label={`Move step ${n} up`}
          onClick={() => onMove(-1)}
        >
          Move up
        </button>
        <button
          ref={downRef}
          type="button"
          className={`${small} text-lake-900`}
          disabled={last}
          aria-label={`Move step ${n} down`}
          onClick={() => onMove(1)}
        >
          Move down
        </button>
        <button type="button" className={`${small} text-red-800`} aria-label={`Remove step ${n}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </fieldset>
  );
}

/** The inputs (by draft field) a step of this kind shows. */
function inputsOf(kind: StepDraft['kind'], condition: StepDraft['condition']): string[] {
  switch (kind) {
    case 'send':
      return ['templateId'];
    case 'wait':
      return ['amount', 'unit'];
    case 'wait_until':
      return ['weekday', 'hour'];
    case 'branch':
      return ['condition', 'yes', 'no', ...(condition === 'lot_status' ? ['lotNumber', 'lotStatuses'] : [])];
    case 'add_to_list':
    case 'remove_from_list':
      return ['listId'];
    case 'add_tag':
    case 'remove_tag':
      return ['tag'];
    case 'alert_staff':
      return ['recipients', 'roundRobin'];
    case 'end':
      return [];
  }
}
