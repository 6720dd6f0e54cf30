import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { JourneyFormSchema, type JourneyStep } from '@lp/contracts';
import { dueOnArrival, movesForRemovedSteps, nextStepOf, nextWallTime } from './journey-steps.ts';

const steps: JourneyStep[] = [
  { id: 'hello', kind: 'send', templateId: 1 },
  { id: 'wait', kind: 'wait', seconds: 60 },
  { id: 'opened', kind: 'branch', condition: 'opened', yes: 'thanks', no: null },
  { id: 'nudge', kind: 'send', templateId: 2 },
  { id: 'stop', kind: 'end' },
  { id: 'thanks', kind: 'send', templateId: 3 },
];

describe('a journey definition', () => {
  const form = (s: unknown[]) => ({ name: 'Leads', trigger: { kind: 'form_submission', interest: 'lot' }, steps: s });
  const fields = (input: unknown) => {
    const r = v.safeParse(JourneyFormSchema, input);
    return r.success ? {} : Object.fromEntries(r.issues.map((i) => [v.getDotPath(i), i.message]));
  };

  it('takes every step kind and a trigger by interest', () => {
    expect(v.safeParse(JourneyFormSchema, form(steps)).success).toBe(true);
    expect(
      v.safeParse(JourneyFormSchema, {
        ...form([
          { id: 'x', kind: 'wait_until', weekday: 2, hour: 9 },
          { id: 'y', kind: 'add_to_list', listId: 4 },
        ]),
        trigger: { kind: 'manual' },
      }).success,
    ).toBe(true);
  });

  it('names the step and field of duplicate ids and of branches back, to themselves or nowhere', () => {
    expect(
      fields(
        form([
          { id: 'a', kind: 'send', templateId: 1 },
          { id: 'a', kind: 'end' },
          { id: 'b', kind: 'branch', condition: 'clicked', yes: 'a', no: 'nowhere' },
          { id: 'c', kind: 'branch', condition: 'clicked', yes: 'c', no: null },
        ]),
      ),
    ).toEqual({
      'steps.1.id': 'Each step needs its own id',
      'steps.2.yes': 'A branch can only go to a later step',
      'steps.2.no': 'Choose a step of this journey',
      'steps.3.yes': 'A branch can only go to a later step',
    });
  });

  it('refuses waits out of range, an empty journey and unknown kinds', () => {
    expect(fields(form([{ id: 'w', kind: 'wait', seconds: 0 }]))).toEqual({
      'steps.0.seconds': 'Wait at least a second',
    });
    expect(fields(form([{ id: 'w', kind: 'wait', seconds: 91 * 86_400 }]))).toEqual({
      'steps.0.seconds': 'Wait at most 90 days',
    });
    expect(fields(form([]))).toEqual({ steps: 'Add at least one step' });
    expect(v.safeParse(JourneyFormSchema, form([{ id: 'x', kind: 'teleport' }])).success).toBe(false);
  });
});

describe('moving through the steps', () => {
  it('goes to the next step, a branch to its yes step or on, and ends at end or the last step', () => {
    expect(nextStepOf(steps, 'hello')?.id).toBe('wait');
    expect(nextStepOf(steps, 'opened', true)?.id).toBe('thanks');
    expect(nextStepOf(steps, 'opened', false)?.id).toBe('nudge');
    expect(nextStepOf(steps, 'stop')).toBeNull();
    expect(nextStepOf(steps, 'thanks')).toBeNull();
  });

  it('is due at once at a step, after its duration at a wait', () => {
    const now = new Date('2026-03-02T12:00:00Z');
    expect(dueOnArrival(steps[0]!, now, 'UTC')).toEqual(now);
    expect(dueOnArrival(steps[1]!, now, 'UTC')).toEqual(new Date('2026-03-02T12:01:00Z'));
  });

  it('waits until the weekday and hour on the site’s clock (Phoenix is UTC−7 all year)', () => {
    // Monday 2 March 2026, 12:00 UTC = 05:00 in Phoenix.
    const monday = new Date('2026-03-02T12:00:00Z');
    expect(nextWallTime(monday, 1, 9, 'America/Phoenix')).toEqual(new Date('2026-03-02T16:00:00Z'));
    expect(nextWallTime(monday, 1, 4, 'America/Phoenix')).toEqual(new Date('2026-03-09T11:00:00Z'));
    expect(nextWallTime(monday, 3, 0, 'America/Phoenix')).toEqual(new Date('2026-03-04T07:00:00Z'));
    // New York moves to daylight time on 8 March 2026: 4:00 on the 9th is then 08:00 UTC.
    expect(nextWallTime(monday, 1, 4, 'America/New_York')).toEqual(new Date('2026-03-09T08:00:00Z'));
  });

  it('sends contacts at removed steps to the next step that survives', () => {
    const after = steps.filter((s) => s.id !== 'wait' && s.id !== 'opened' && s.id !== 'thanks');
    expect(Object.fromEntries(movesForRemovedSteps(steps, after))).toEqual({
      wait: 'nudge',
      opened: 'nudge',
      thanks: null,
    });
  });
});
