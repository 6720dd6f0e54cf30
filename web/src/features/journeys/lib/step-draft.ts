/**
 * A journey as the builder holds it while it is typed: the trigger and each step as strings of
 * its inputs (every kind's inputs kept, so switching a step's kind back and forth loses
 * nothing), and the form the contracts' `JourneyFormSchema` checks, built from them.
 *
 * A step keeps its id for life: a stored one's id comes back on save (so contacts waiting there
 * keep their place), a new one gets a fresh `step-…` id (letters, digits and "-", as the
 * contracts take them).
 */
import type { JourneyStep, JourneyStepKind, JourneyTrigger } from '@lp/contracts';
import { createUuid } from '../../../lib/create-uuid';

export const STEP_KIND_LABELS: Record<JourneyStepKind, string> = {
  send: 'Send a template',
  wait: 'Wait',
  wait_until: 'Wait until a weekday',
  branch: 'Branch on opened or clicked',
  add_to_list: 'Add to a list',
  remove_from_list: 'Remove from a list',
  end: 'End',
};

export const STEP_KINDS = Object.keys(STEP_KIND_LABELS) as JourneyStepKind[];

export const WAIT_UNITS = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 } as const;
export type WaitUnit = keyof typeof WAIT_UNITS;

export type StepDraft = {
  id: string;
  kind: JourneyStepKind;
  templateId: string;
  amount: string;
  unit: WaitUnit;
  weekday: string;
  hour: string;
  condition: 'opened' | 'clicked';
  yes: string;
  no: string;
  listId: string;
};

export type TriggerDraft = { kind: JourneyTrigger['kind']; interest: string; listId: string };

/** A fresh step id, not one of `taken`. */
export function newStepId(taken: readonly string[]): string {
  for (;;) {
    const id = `step-${createUuid().slice(0, 8)}`;
    if (!taken.includes(id)) return id;
  }
}

const blank = (id: string, kind: JourneyStepKind): StepDraft => ({
  id,
  kind,
  templateId: '',
  amount: '1',
  unit: 'days',
  weekday: '1',
  hour: '9',
  condition: 'opened',
  yes: '',
  no: '',
  listId: '',
});

export const newStep = (taken: readonly string[]): StepDraft => blank(newStepId(taken), 'send');

/** The largest unit the wait is a whole number of. */
function waitOf(seconds: number): { amount: string; unit: WaitUnit } {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds % WAIT_UNITS[unit] === 0) return { amount: String(seconds / WAIT_UNITS[unit]), unit };
  return { amount: String(seconds), unit: 'seconds' };
}

export function draftOf(step: JourneyStep): StepDraft {
  const d = blank(step.id, step.kind);
  switch (step.kind) {
    case 'send':
      return { ...d, templateId: String(step.templateId) };
    case 'wait':
      return { ...d, ...waitOf(step.seconds) };
    case 'wait_until':
      return { ...d, weekday: String(step.weekday), hour: String(step.hour) };
    case 'branch':
      return { ...d, condition: step.condition, yes: step.yes ?? '', no: step.no ?? '' };
    case 'add_to_list':
    case 'remove_from_list':
      return { ...d, listId: String(step.listId) };
    case 'end':
      return d;
  }
}

/** A number typed in a field: empty stays NaN (the schema says what is missing). */
const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** The step as the contracts take it (unchecked: the schema check says what is wrong). */
export function stepOf(d: StepDraft): Record<string, unknown> {
  switch (d.kind) {
    case 'send':
      return { id: d.id, kind: d.kind, templateId: num(d.templateId) };
    case 'wait':
      return { id: d.id, kind: d.kind, seconds: num(d.amount) * WAIT_UNITS[d.unit] };
    case 'wait_until':
      return { id: d.id, kind: d.kind, weekday: num(d.weekday), hour: num(d.hour) };
    case 'branch':
      return { id: d.id, kind: d.kind, condition: d.condition, yes: d.yes || null, no: d.no || null };
    case 'add_to_list':
    case 'remove_from_list':
      return { id: d.id, kind: d.kind, listId: num(d.listId) };
    case 'end':
      return { id: d.id, kind: d.kind };
  }
}

export const triggerDraftOf = (t: JourneyTrigger | undefined): TriggerDraft => ({
  kind: t?.kind ?? 'manual',
  interest: t?.kind === 'form_submission' ? t.interest : 'any',
  listId: t?.kind === 'list_joined' ? String(t.listId) : '',
});

export function triggerOf(t: TriggerDraft): Record<string, unknown> {
  if (t.kind === 'form_submission') return { kind: t.kind, interest: t.interest };
  if (t.kind === 'list_joined') return { kind: t.kind, listId: num(t.listId) };
  return { kind: t.kind };
}
