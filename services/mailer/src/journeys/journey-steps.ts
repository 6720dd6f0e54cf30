/**
 * The pure rules of a journey's steps: when a contact arriving at a step is due to run it (now,
 * or after its wait), where it goes after a step, and where contacts waiting at steps an edit
 * removed go (the next step that survives, in the old order). No I/O: the engine and the
 * store call these.
 */
import { addDays, siteDayOf, type JourneyStep } from '@lp/contracts';
import { isoWeekdayOf, wallTimeToInstant } from '../weekly-report/schedule.ts';

/** The first instant at or after `now` when the site's clock shows `weekday` (ISO) at `hour`:00. */
export function nextWallTime(now: Date, weekday: number, hour: number, timeZone: string): Date {
  const today = siteDayOf(now, timeZone);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const day = addDays(today, ahead);
    if (isoWeekdayOf(day) !== weekday) continue;
    const at = wallTimeToInstant(day, hour, timeZone);
    if (at.getTime() >= now.getTime()) return at;
  }
  // Unreachable: the weekday comes again within eight days.
  throw new Error(`no ${weekday} at ${hour} after ${now.toISOString()}`);
}

/** When a contact arriving at `step` at `now` runs it: a wait's end, otherwise at once. */
export function dueOnArrival(step: JourneyStep, now: Date, timeZone: string): Date {
  if (step.kind === 'wait') return new Date(now.getTime() + step.seconds * 1000);
  if (step.kind === 'wait_until') return nextWallTime(now, step.weekday, step.hour, timeZone);
  return now;
}

/**
 * The step after `stepId` ran (null: the journey ends for the contact). A branch goes to its
 * `yes` or `no` step (null: the next one); `end` ends.
 */
export function nextStepOf(steps: readonly JourneyStep[], stepId: string, branchTaken?: boolean): JourneyStep | null {
  const i = steps.findIndex((s) => s.id === stepId);
  if (i < 0) return null;
  const step = steps[i]!;
  if (step.kind === 'end') return null;
  if (step.kind === 'branch') {
    const to = branchTaken ? step.yes : step.no;
    if (to !== null) return steps.find((s) => s.id === to) ?? null;
  }
  return steps[i + 1] ?? null;
}

/**
 * For each step of `before` that `after` no longer has: the id of the step its waiting contacts
 * move to (the first step after it in the old order that survives; null: they finish).
 */
export function movesForRemovedSteps(
  before: readonly JourneyStep[],
  after: readonly JourneyStep[],
): Map<string, string | null> {
  const kept = new Set(after.map((s) => s.id));
  const moves = new Map<string, string | null>();
  before.forEach((s, i) => {
    if (kept.has(s.id)) return;
    const next = before.slice(i + 1).find((n) => kept.has(n.id));
    moves.set(s.id, next?.id ?? null);
  });
  return moves;
}
