/**
 * A journey's trigger and steps in words, as the Journeys screen lists them; templates and lists
 * by name when `names` knows them, else by number.
 */
import {
  LEAD_INTEREST_LABELS,
  LOT_STATUS_LABELS,
  weekdayName,
  type JourneyStep,
  type JourneyTrigger,
} from '@lp/contracts';

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
  segment?: ReadonlyMap<number, string>;
  campaign?: ReadonlyMap<number, string>;
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

const lotName = (n: number | null | undefined, none: string) => (n == null ? none : `lot ${n}`);
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

export function describeTrigger(t: JourneyTrigger, names: Names = {}): string {
  switch (t.kind) {
    case 'form_submission':
      return t.interest === 'any'
        ? 'Any form submission'
        : `A form submission about ${LEAD_INTEREST_LABELS[t.interest]}`;
    case 'list_joined':
      return `A contact joins ${listName(t.listId, names)}`;
    case 'segment_joined':
      return `A contact comes to match segment ${names.segment?.get(t.segmentId) ?? `#${t.segmentId}`}`;
    case 'link_clicked': {
      const campaign = names.campaign?.get(t.campaignId) ?? `#${t.campaignId}`;
      return t.url === null ? `A click on a link in ${campaign}` : `A click on ${t.url} in ${campaign}`;
    }
    case 'lot_viewed':
      return `Viewing ${lotName(t.lotNumber, 'any lot')} ${times(t.times)} within ${t.days} day${t.days === 1 ? '' : 's'}`;
    case 'lot_changed': {
      const what = t.change === 'any' ? 'status or price' : t.change;
      return `The ${what} of ${lotName(t.lotNumber, 'a lot')} changes (contacts interested in it)`;
    }
    case 'manual':
      return 'Staff add a list';
  }
}

function describeCondition(s: Extract<JourneyStep, { kind: 'branch' }>): string {
  switch (s.condition) {
    case 'opened':
      return 'If they opened a mail';
    case 'clicked':
      return 'If they clicked a mail';
    case 'replied':
      return 'If they replied';
    case 'lot_status': {
      const statuses = (s.lotStatuses ?? []).map((x) => LOT_STATUS_LABELS[x].toLowerCase()).join(' or ');
      return `If ${lotName(s.lotNumber, 'their lot')} is ${statuses}`;
    }
  }
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
      return `${describeCondition(s)}: ${target(s.yes, names)}, else ${target(s.no, names)}`;
    case 'add_to_list':
      return `Add to ${listName(s.listId, names)}`;
    case 'remove_from_list':
      return `Remove from ${listName(s.listId, names)}`;
    case 'add_tag':
      return `Tag “${s.tag}”`;
    case 'remove_tag':
      return `Remove the tag “${s.tag}”`;
    case 'alert_staff': {
      const n = s.recipients.length;
      return s.roundRobin && n > 1
        ? `Alert one of ${n} staff, in turn`
        : `Alert ${n === 1 ? s.recipients[0]!.email : `${n} staff`}`;
    }
    case 'end':
      return 'End';
  }
}
