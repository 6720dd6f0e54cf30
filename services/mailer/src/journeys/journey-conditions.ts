/**
 * The pure rules of what a contact's state decides in a journey: whether it leaves before its
 * step (unsubscribed or bounced always; a reply or the customer tag when the journey's exits say
 * so), which way a branch goes, which lot a lot-status branch asks about, and who gets an alert
 * step's mail (everyone, or one in turn). No I/O: the engine gathers the facts and calls these.
 */
import type { JourneyExitReason, JourneyExits, JourneyStep, LotStatus } from '@lp/contracts';

type Branch = Extract<JourneyStep, { kind: 'branch' }>;
type AlertStaff = Extract<JourneyStep, { kind: 'alert_staff' }>;

/** What the engine knows of a contact before its step: crm's word and the mailer's own records. */
export type ContactState = {
  /** crm may mail it (not unsubscribed, not bounced, not deleted). */
  mailable: boolean;
  /** It carries CUSTOMER_TAG. */
  customer: boolean;
  /** A mail from its address reached the inbox since it entered. */
  replied: boolean;
};

/** Why the entry leaves the journey instead of running its step, or null: it runs it. */
export function exitReasonOf(state: ContactState, exits: JourneyExits): JourneyExitReason | null {
  if (!state.mailable) return 'unsubscribed_or_bounced';
  if (exits.replied && state.replied) return 'replied';
  if (exits.customer && state.customer) return 'customer';
  return null;
}

/** The lot a lot-status branch asks about: its own, else the entry's (null: none, the branch goes `no`). */
export const lotAskedBy = (step: Branch, entryLot: number | null): number | null => step.lotNumber ?? entryLot;

/** What a branch may ask of an entry. */
export type BranchFacts = {
  opened: boolean;
  clicked: boolean;
  replied: boolean;
  /** The status of the lot the branch asks about; null when there is none or inventory does not know it. */
  lotStatus: LotStatus | null;
};

/** Whether the branch goes `yes`. */
export function branchTaken(step: Branch, facts: BranchFacts): boolean {
  switch (step.condition) {
    case 'opened':
      return facts.opened;
    case 'clicked':
      return facts.clicked;
    case 'replied':
      return facts.replied;
    case 'lot_status':
      return facts.lotStatus !== null && (step.lotStatuses ?? []).includes(facts.lotStatus);
  }
}

/**
 * The addresses an alert step mails: all its recipients (each address once), or, round-robin,
 * the one whose turn `turn` is (turns count up forever; the recipients may have changed since).
 */
export function alertRecipientsOf(step: AlertStaff, turn: number): string[] {
  const byAddress = new Map<string, string>();
  for (const r of step.recipients)
    if (!byAddress.has(r.email.toLowerCase())) byAddress.set(r.email.toLowerCase(), r.email);
  const all = [...byAddress.values()];
  if (!step.roundRobin || all.length === 0) return all;
  return [all[turn % all.length]!];
}
