import { describe, expect, it } from 'vitest';
import { JOURNEY_DEFAULT_EXITS, type JourneyStep } from '@lp/contracts';
import { alertRecipientsOf, branchTaken, exitReasonOf, lotAskedBy } from './journey-conditions.ts';

type Branch = Extract<JourneyStep, { kind: 'branch' }>;
type Alert = Extract<JourneyStep, { kind: 'alert_staff' }>;
const facts = { opened: false, clicked: false, replied: false, lotStatus: null };
const lotBranch = (lotNumber: number | null): Branch => ({
  id: 'lot',
  kind: 'branch',
  condition: 'lot_status',
  lotNumber,
  lotStatuses: ['reserved', 'sold'],
  yes: null,
  no: null,
});

describe('a journey’s exits, checked before each step', () => {
  const state = { mailable: true, customer: false, replied: false };
  it('lets a mailable contact that neither replied nor became a customer run its step', () => {
    expect(exitReasonOf(state, JOURNEY_DEFAULT_EXITS)).toBeNull();
  });
  it('always takes out the unsubscribed or bounced, whatever else holds', () => {
    expect(exitReasonOf({ mailable: false, customer: true, replied: true }, JOURNEY_DEFAULT_EXITS)).toBe(
      'unsubscribed_or_bounced',
    );
    expect(exitReasonOf({ ...state, mailable: false }, { replied: false, customer: false })).toBe(
      'unsubscribed_or_bounced',
    );
  });
  it('takes out a contact that replied, or a customer, only when the journey says so', () => {
    expect(exitReasonOf({ ...state, replied: true }, JOURNEY_DEFAULT_EXITS)).toBe('replied');
    expect(exitReasonOf({ ...state, replied: true }, { replied: false, customer: true })).toBeNull();
    expect(exitReasonOf({ ...state, customer: true }, JOURNEY_DEFAULT_EXITS)).toBe('customer');
    expect(exitReasonOf({ ...state, customer: true }, { replied: true, customer: false })).toBeNull();
    expect(exitReasonOf({ ...state, replied: true, customer: true }, JOURNEY_DEFAULT_EXITS)).toBe('replied');
  });
});

describe('a branch', () => {
  const on = (condition: Branch['condition']): Branch => ({ id: 'b', kind: 'branch', condition, yes: null, no: null });
  it('goes yes on what it asks, and only that', () => {
    expect(branchTaken(on('opened'), { ...facts, opened: true })).toBe(true);
    expect(branchTaken(on('opened'), { ...facts, clicked: true, replied: true })).toBe(false);
    expect(branchTaken(on('clicked'), { ...facts, clicked: true })).toBe(true);
    expect(branchTaken(on('replied'), { ...facts, replied: true })).toBe(true);
    expect(branchTaken(on('replied'), { ...facts, opened: true })).toBe(false);
  });
  it('on a lot’s status: yes when it is one of those chosen; no for another, no lot or an unknown lot', () => {
    expect(branchTaken(lotBranch(7), { ...facts, lotStatus: 'sold' })).toBe(true);
    expect(branchTaken(lotBranch(7), { ...facts, lotStatus: 'available' })).toBe(false);
    expect(branchTaken(lotBranch(7), facts)).toBe(false);
  });
  it('asks about its own lot, else the entry’s, else none', () => {
    expect(lotAskedBy(lotBranch(7), 3)).toBe(7);
    expect(lotAskedBy(lotBranch(null), 3)).toBe(3);
    expect(lotAskedBy({ ...lotBranch(null), lotNumber: undefined }, 3)).toBe(3);
    expect(lotAskedBy(lotBranch(null), null)).toBeNull();
  });
});

describe('who an alert step mails', () => {
  const alert = (roundRobin: boolean): Alert => ({
    id: 'tell',
    kind: 'alert_staff',
    roundRobin,
    recipients: [
      { staffId: 1, email: 'ann@lakepowelllots.com' },
      { staffId: 2, email: 'ben@lakepowelllots.com' },
      { staffId: null, email: 'ANN@lakepowelllots.com' },
    ],
  });
  it('mails every recipient once (any letter case)', () => {
    expect(alertRecipientsOf(alert(false), 5)).toEqual(['ann@lakepowelllots.com', 'ben@lakepowelllots.com']);
  });
  it('round-robin: one recipient per turn, in order, over and over', () => {
    expect([0, 1, 2, 3].map((t) => alertRecipientsOf(alert(true), t))).toEqual([
      ['ann@lakepowelllots.com'],
      ['ben@lakepowelllots.com'],
      ['ann@lakepowelllots.com'],
      ['ben@lakepowelllots.com'],
    ]);
  });
});
