/** A journey's trigger and steps in words, as the Journeys screen lists them. */
import { LEAD_INTEREST_LABELS, weekdayName, type JourneyStep, type JourneyTrigger } from '@lp/contracts';

const duration = (seconds: number) => {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
};

export function describeTrigger(t: JourneyTrigger): string {
  if (t.kind === 'form_submission')
    return t.interest === 'any' ? 'Any form submission' : `A form submission about ${LEAD_INTEREST_LABELS[t.interest]}`;
  if (t.kind === 'list_joined') return `A contact joins list #${t.listId}`;
  return 'Staff add a list';
}

export function describeStep(s: JourneyStep): string {
  switch (s.kind) {
    case 'send':
      return `Send template #${s.templateId}`;
    case 'wait':
      return `Wait ${duration(s.seconds)}`;
    case 'wait_until':
      return `Wait until ${weekdayName(s.weekday)} ${String(s.hour).padStart(2, '0')}:00`;
    case 'branch':
      return `If they ${s.condition === 'opened' ? 'opened' : 'clicked'} a mail: ${s.yes ?? 'next step'}, else ${s.no ?? 'next step'}`;
    case 'add_to_list':
      return `Add to list #${s.listId}`;
    case 'remove_from_list':
      return `Remove from list #${s.listId}`;
    case 'end':
      return 'End';
  }
}
