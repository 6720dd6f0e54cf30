/**
 * A journey's trigger and steps in words, as the Journeys screen lists them; templates and lists
 * by name when `names` knows them, else by number.
 */
import { LEAD_INTEREST_LABELS, weekdayName, type JourneyStep, type JourneyTrigger } from '@lp/contracts';

const duration = (seconds: number) => {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
};

/**
 * Template and list names by id (read by the screen; a gone one is named by number), and each
 * step's number in the journey by its id (a branch names where it goes by that number).
 */
export type Names = {
  template?: ReadonlyMap<number, string>;
  list?: ReadonlyMap<number, string>;
  step?: ReadonlyMap<string, number>;
};

const target = (id: string | null, names: Names) => {
  if (id === null) return 'next step';
  const n = names.step?.get(id);
  return n === undefined ? 'a later step' : `step ${n}`;
};

const listName = (id: number, names: Names) => {
  const name = names.list?.get(id);
  return name === undefined ? `list #${id}` : `list ${name}`;
};

export function describeTrigger(t: JourneyTrigger, names: Names = {}): string {
  if (t.kind === 'form_submission')
    return t.interest === 'any' ? 'Any form submission' : `A form submission about ${LEAD_INTEREST_LABELS[t.interest]}`;
  if (t.kind === 'list_joined') return `A contact joins ${listName(t.listId, names)}`;
  return 'Staff add a list';
}

export function describeStep(s: JourneyStep, names: Names = {}): string {
  switch (s.kind) {
    case 'send':
      return names.template?.has(s.templateId)
        ? `Send ${names.template.get(s.templateId)}`
        : `Send template #${s.templateId}`;
    case 'wait':
      return `Wait ${duration(s.seconds)}`;
    case 'wait_until':
      return `Wait until ${weekdayName(s.weekday)} ${String(s.hour).padStart(2, '0')}:00`;
    case 'branch':
      return `If they ${s.condition === 'opened' ? 'opened' : 'clicked'} a mail: ${target(s.yes, names)}, else ${target(s.no, names)}`;
    case 'add_to_list':
      return `Add to ${listName(s.listId, names)}`;
    case 'remove_from_list':
      return `Remove from ${listName(s.listId, names)}`;
    case 'end':
      return 'End';
  }
}
