/**
 * One condition of the segment builder, as a labelled group ("Condition 2"): the field (custom
 * fields by name), its operator, and the value inputs that operator takes (a list picker, a date,
 * a number of days, yes/no…), then Remove. `errors` are the messages of this condition by its
 * contracts field (`key`, `value`, `days`…); each shows at its input, any other under the row.
 */
import { useEffect, useRef } from 'react';
import { CONTACT_SOURCES, CONTACT_STATUSES, type CustomField } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import {
  FIELD_LABELS,
  OP_LABELS,
  PART_LABELS,
  SOURCE_LABELS,
  STATUS_LABELS,
  choiceOf,
  draftFor,
  operatorsOf,
  type ConditionDraft,
} from '../lib/condition-draft';

export type RowChoices = {
  customFields: readonly CustomField[];
  lists: readonly { id: number; name: string }[];
  campaigns: readonly { id: number; name: string }[];
};

type Props = RowChoices & {
  uid: number;
  index: number;
  draft: ConditionDraft;
  errors: Record<string, string>;
  onChange: (d: ConditionDraft) => void;
  onRemove: () => void;
  autoFocus?: boolean;
};

type Input = {
  name: keyof ConditionDraft;
  label: string;
  kind: 'text' | 'number' | 'date' | 'select';
  options?: [string, string][];
  hint?: string;
};

/** The value inputs of a row, by its field and operator (and a custom field's type). */
function inputsOf(d: ConditionDraft, c: RowChoices): Input[] {
  const text = (label = 'Value'): Input => ({ name: 'value', label, kind: 'text' });
  const date: Input = { name: 'value', label: 'Date', kind: 'date' };
  const days: Input = { name: 'days', label: 'Days', kind: 'number' };
  switch (d.field) {
    case 'status':
      return [
        { name: 'value', label: 'Status', kind: 'select', options: CONTACT_STATUSES.map((s) => [s, STATUS_LABELS[s]]) },
      ];
    case 'source':
      return [
        { name: 'value', label: 'Source', kind: 'select', options: CONTACT_SOURCES.map((s) => [s, SOURCE_LABELS[s]]) },
      ];
    case 'list':
      return [
        {
          name: 'listId',
          label: 'List',
          kind: 'select',
          options: [['', 'Select a list'], ...c.lists.map((l): [string, string] => [String(l.id), l.name])],
        },
      ];
    case 'tag':
      return [{ name: 'tag', label: 'Tag', kind: 'text' }];
    case 'first_touch':
      return [text('Campaign')];
    case 'location':
      return [text('Place')];
    case 'lot':
      return d.op === 'viewed_available' ? [] : [{ name: 'lotNumber', label: 'Lot number', kind: 'number' }];
    case 'created':
      return [d.op === 'within_days' ? days : date];
    case 'engagement':
      if (d.op === 'never_opened') return [];
      return [
        {
          name: 'campaignId',
          label: 'Campaign',
          kind: 'select',
          options: [['', 'Any campaign'], ...c.campaigns.map((x): [string, string] => [String(x.id), x.name])],
        },
        { name: 'days', label: 'In the last … days', kind: 'number', hint: 'Empty: ever' },
      ];
    case 'custom': {
      const type = c.customFields.find((f) => f.key === d.key)?.type ?? 'text';
      if (d.op === 'is_set' || d.op === 'is_empty') return [];
      if (d.op === 'between')
        return [
          { name: 'min', label: 'From', kind: 'number' },
          { name: 'max', label: 'To', kind: 'number' },
        ];
      if (d.op === 'within_days') return [days];
      if (d.op === 'is')
        return [
          {
            name: 'value',
            label: 'Value',
            kind: 'select',
            options: [
              ['yes', 'Yes'],
              ['no', 'No'],
            ],
          },
        ];
      if (type === 'date') return [date];
      return [type === 'number' ? { name: 'value', label: 'Value', kind: 'number' } : text()];
    }
  }
}

export function ConditionRow({ uid, index, draft, errors, onChange, onRemove, autoFocus, ...choices }: Props) {
  const fieldRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    if (autoFocus) fieldRef.current?.focus();
  }, [autoFocus]);
  const id = (name: string) => `segment-condition-${uid}-${name}`;
  const ops = operatorsOf(draft, choices.customFields);
  const inputs = inputsOf(draft, choices);
  const shown = new Set<string>(['field', 'key', 'op', 'part', ...inputs.map((i) => i.name)]);
  const others = Object.entries(errors).filter(([k]) => !shown.has(k));
  const set = (patch: Partial<ConditionDraft>) => onChange({ ...draft, ...patch });
  const setOp = (op: string) => {
    const yesNo = draft.field === 'custom' && op === 'is' && draft.value !== 'yes' && draft.value !== 'no';
    set({ op, ...(yesNo ? { value: 'yes' } : {}) });
  };

  return (
    <fieldset className="min-w-0 rounded-lg border border-stone-300 p-3">
      <legend className="px-1 text-sm font-semibold text-stone-800">Condition {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-[repeat(auto-fit,minmax(9rem,1fr))]">
        <FormField id={id('field')} label="Field" error={errors.field ?? errors.key}>
          {(p) => (
            <select
              {...p}
              ref={fieldRef}
              className={controlClass}
              value={choiceOf(draft)}
              onChange={(e) => onChange(draftFor(e.target.value, choices.customFields))}
            >
              {Object.entries(FIELD_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
              {choices.customFields.length > 0 && (
                <optgroup label="Custom fields">
                  {choices.customFields.map((f) => (
                    <option key={f.key} value={`custom:${f.key}`}>
                      {f.name}
                    </option>
                  ))}
                </optgroup>
              )}
              {draft.field === 'custom' && !choices.customFields.some((f) => f.key === draft.key) && (
                <option value={choiceOf(draft)}>{`Custom field ${draft.key} (gone)`}</option>
              )}
            </select>
          )}
        </FormField>
        {draft.field === 'location' && (
          <FormField id={id('part')} label="Part of the address" error={errors.part}>
            {(p) => (
              <select
                {...p}
                className={controlClass}
                value={draft.part}
                onChange={(e) => set({ part: e.target.value })}
              >
                {Object.entries(PART_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        )}
        <FormField id={id('op')} label="Operator" error={errors.op}>
          {(p) => (
            <select {...p} className={controlClass} value={draft.op} onChange={(e) => setOp(e.target.value)}>
              {ops.map((op) => (
                <option key={op} value={op}>
                  {OP_LABELS[op] ?? op}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {inputs.map((input) => (
          <FormField
            key={input.name}
            id={id(input.name)}
            label={input.label}
            hint={input.hint}
            hintBelow
            error={errors[input.name]}
          >
            {(p) =>
              input.kind === 'select' ? (
                <select
                  {...p}
                  className={controlClass}
                  value={draft[input.name]}
                  onChange={(e) => set({ [input.name]: e.target.value })}
                >
                  {input.options?.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...p}
                  type={input.kind}
                  {...(input.kind === 'number' ? { inputMode: 'decimal' as const, step: 'any' } : {})}
                  className={controlClass}
                  value={draft[input.name]}
                  onChange={(e) => set({ [input.name]: e.target.value })}
                />
              )
            }
          </FormField>
        ))}
      </div>
      {others.map(([k, message]) => (
        <p key={k} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {message}
        </p>
      ))}
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove condition ${index + 1}`}
          className="min-h-10 rounded-md px-3 text-sm font-semibold text-red-800 ring-1 ring-stone-300 hover:bg-red-50"
        >
          Remove
        </button>
      </div>
    </fieldset>
  );
}
