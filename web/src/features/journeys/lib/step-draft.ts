/**
 * A journey as the builder holds it while it is typed: the trigger and each step as strings of
 * its inputs (every kind's inputs kept, so switching a step's kind back and forth loses
 * nothing), and the form the contracts' `JourneyFormSchema` checks, built from them.
 *
 * A step keeps its id for life: a stored one's id comes back on save (so contacts waiting there
 * keep their place), a new one gets a fresh `step-…` id (letters, digits and "-", as the
 * contracts take them).
 */
import type {
  JourneyBranchCondition,
  JourneyLotChange,
  JourneyStep,
  JourneyStepKind,
  JourneyTrigger,
  LotStatus,
} from '@lp/contracts';
import type { StaffRecipient } from '../../../components/form/staff-recipients-field';
import { createUuid } from '../../../lib/create-uuid';

export const STEP_KIND_LABELS: Record<JourneyStepKind, string> = {
  send: 'Send a template',
  wait: 'Wait',
  wait_until: 'Wait until a weekday',
  branch: 'Branch',
  add_to_list: 'Add to a list',
  remove_from_list: 'Remove from a list',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
  alert_staff: 'Alert staff',
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
  condition: JourneyBranchCondition;
  /** A branch on a lot's status: the lot ('' = the lot of the entry) and the statuses that say yes. */
  lotNumber: string;
  lotStatuses: LotStatus[];
  yes: string;
  no: string;
  listId: string;
  tag: string;
  recipients: StaffRecipient[];
  roundRobin: boolean;
};

export type TriggerDraft = {
  kind: JourneyTrigger['kind'];
  interest: string;
  listId: string;
  segmentId: string;
  campaignId: string;
  /** The clicked link's address ('' = any link of the campaign). */
  url: string;
  /** The lot viewed or changed ('' = any lot). */
  lotNumber: string;
  times: string;
  days: string;
  change: JourneyLotChange;
};

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
  lotNumber: '',
  lotStatuses: ['available'],
  yes: '',
  no: '',
  listId: '',
  tag: '',
  recipients: [],
  roundRobin: false,
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
      return {
        ...d,
        condition: step.condition,
        lotNumber: step.lotNumber == null ? '' : String(step.lotNumber),
        lotStatuses: step.lotStatuses ?? d.lotStatuses,
        yes: step.yes ?? '',
        no: step.no ?? '',
      };
    case 'add_to_list':
    case 'remove_from_list':
      return { ...d, listId: String(step.listId) };
    case 'add_tag':
    case 'remove_tag':
      return { ...d, tag: step.tag };
    case 'alert_staff':
      return { ...d, recipients: step.recipients, roundRobin: step.roundRobin };
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
      return {
        id: d.id,
        kind: d.kind,
        condition: d.condition,
        ...(d.condition === 'lot_status'
          ? { lotNumber: d.lotNumber === '' ? null : num(d.lotNumber), lotStatuses: d.lotStatuses }
          : {}),
        yes: d.yes || null,
        no: d.no || null,
      };
    case 'add_to_list':
    case 'remove_from_list':
      return { id: d.id, kind: d.kind, listId: num(d.listId) };
    case 'add_tag':
    case 'remove_tag':
      return { id: d.id, kind: d.kind, tag: d.tag };
    case 'alert_staff':
      return { id: d.id, kind: d.kind, recipients: d.recipients, roundRobin: d.roundRobin };
    case 'end':
      return { id: d.id, kind: d.kind };
  }
}

const lotOf = (t: JourneyTrigger | undefined) =>
  (t?.kind === 'lot_viewed' || t?.kind === 'lot_changed') && t.lotNumber !== null ? String(t.lotNumber) : '';

export const triggerDraftOf = (t: JourneyTrigger | undefined): TriggerDraft => ({
  kind: t?.kind ?? 'manual',
  interest: t?.kind === 'form_submission' ? t.interest : 'any',
  listId: t?.kind === 'list_joined' ? String(t.listId) : '',
  segmentId: t?.kind === 'segment_joined' ? String(t.segmentId) : '',
  campaignId: t?.kind === 'link_clicked' ? String(t.campaignId) : '',
  url: t?.kind === 'link_clicked' ? (t.url ?? '') : '',
  lotNumber: lotOf(t),
  times: t?.kind === 'lot_viewed' ? String(t.times) : '3',
  days: t?.kind === 'lot_viewed' ? String(t.days) : '7',
  change: t?.kind === 'lot_changed' ? t.change : 'any',
});

export function triggerOf(t: TriggerDraft): Record<string, unknown> {
  const lotNumber = t.lotNumber === '' ? null : num(t.lotNumber);
  switch (t.kind) {
    case 'form_submission':
      return { kind: t.kind, interest: t.interest };
    case 'list_joined':
      return { kind: t.kind, listId: num(t.listId) };
    case 'segment_joined':
      return { kind: t.kind, segmentId: num(t.segmentId) };
    case 'link_clicked':
      return { kind: t.kind, campaignId: num(t.campaignId), url: t.url.trim() === '' ? null : t.url.trim() };
    case 'lot_viewed':
      return { kind: t.kind, lotNumber, times: num(t.times), days: num(t.days) };
    case 'lot_changed':
      return { kind: t.kind, lotNumber, change: t.change };
    case 'manual':
      return { kind: t.kind };
  }
}
