import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AbTestSchema, AbWinnerFormSchema } from './ab-tests.ts';
import { SingleSendSchema } from './email.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : v.flatten(r.issues).nested;
};
const test = { variantB: { subject: 'B subject' }, testShare: 10, winnerBy: 'opens', decideAfterHours: 4 };

describe('AbTestSchema', () => {
  it('takes variant B with A’s content when it has none of its own', () => {
    expect(v.parse(AbTestSchema, test)).toEqual({ ...test, variantB: { subject: 'B subject', content: '' } });
  });
  it('names each wrong field', () => {
    expect(
      messages(AbTestSchema, {
        variantB: { subject: ' ', content: '{{nope}}' },
        testShare: 60,
        winnerBy: 'soon',
        decideAfterHours: 1.5,
      }),
    ).toEqual({
      'variantB.subject': ['Variant B needs a subject'],
      'variantB.content': [expect.stringContaining('Unknown merge tag: {{nope}}')],
      testShare: ['Each variant goes to at most 50 % of the audience'],
      winnerBy: ['Choose how the winner is picked'],
      decideAfterHours: ['The wait is a whole number of hours'],
    });
    expect(messages(AbTestSchema, { ...test, testShare: 4, decideAfterHours: 169 })).toEqual({
      testShare: ['Each variant goes to at least 5 % of the audience'],
      decideAfterHours: ['The wait is at most 168 hours (a week)'],
    });
  });
  it('takes only A or B as a winner picked by hand', () => {
    expect(v.is(AbWinnerFormSchema, { variant: 'b' })).toBe(true);
    expect(messages(AbWinnerFormSchema, { variant: 'c' })).toEqual({ variant: ['Choose variant A or B'] });
  });
});

describe('a single send with an A/B test', () => {
  const send = { subject: 'Spring lots', fromName: 'Lots', fromEmail: 'a@example.com', content: '<p>x</p>', listId: 1 };
  it('is a plain send without one', () => {
    expect(v.parse(SingleSendSchema, send).abTest).toBeUndefined();
  });
  it('refuses a variant B that is variant A again', () => {
    expect(messages(SingleSendSchema, { ...send, abTest: { ...test, variantB: { subject: 'Spring lots' } } })).toEqual({
      'abTest.variantB': ['Variant B should differ from variant A: give it another subject or its own content'],
    });
    expect(
      v.is(SingleSendSchema, {
        ...send,
        abTest: { ...test, variantB: { subject: 'Spring lots', content: '<p>y</p>' } },
      }),
    ).toBe(true);
  });
});
