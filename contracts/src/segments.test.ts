/** The shape of a segment's filter, and the messages of the error envelope when it is wrong. */
import { expect, it } from 'vitest';
import * as v from 'valibot';
import { fieldErrorsOf } from './envelope.ts';
import { SEGMENT_CONDITIONS_MAX, SegmentFormSchema } from './segments.ts';

const problems = (input: unknown) => {
  const r = v.safeParse(SegmentFormSchema, input);
  return r.success ? null : fieldErrorsOf(r.issues);
};

it('reads a filter: match all by default, tags as stored', () => {
  const form = v.parse(SegmentFormSchema, {
    name: '  Lake view buyers ',
    filter: { conditions: [{ field: 'tag', op: 'has', tag: ' Lake  View ' }] },
  });
  expect(form).toEqual({
    name: 'Lake view buyers',
    filter: { match: 'all', conditions: [{ field: 'tag', op: 'has', tag: 'lake view' }] },
  });
});

it('names each wrong field by its path, with a message staff can act on', () => {
  expect(
    problems({
      name: '',
      filter: {
        match: 'some',
        conditions: [
          { field: 'custom', key: 'budget', op: 'between', min: 5, max: 1 },
          { field: 'created', op: 'before', value: '2026-02-30' },
          { field: 'status', op: 'is', value: 'asleep' },
          { field: 'lots', op: 'viewed' },
          { field: 'custom', key: 'Budget!', op: 'is_set' },
          { field: 'created', op: 'within_days', days: 0 },
        ],
      },
    }),
  ).toEqual({
    name: ['Segment name is required'],
    'filter.match': ['Match all or any of the conditions'],
    'filter.conditions.0.max': ['The lower bound must not be above the upper one'],
    'filter.conditions.1.value': ['Give a date of the calendar'],
    'filter.conditions.2.value': ['Unknown status'],
    'filter.conditions.3.field': [
      'Unknown condition: use status, list, tag, custom, source, first_touch, created, engagement, location or lot',
    ],
    'filter.conditions.4.key': ['Choose a custom field'],
    'filter.conditions.5.days': ['At least 1 day'],
  });
});

it('refuses a date that is no date with a message, never an exception', () => {
  const at = (value: string) =>
    problems({ name: 'D', filter: { conditions: [{ field: 'created', op: 'after', value }] } });
  expect(at('')).toEqual({ 'filter.conditions.0.value': ['Give a date (YYYY-MM-DD)'] });
  expect(at('soon')).toEqual({ 'filter.conditions.0.value': ['Give a date (YYYY-MM-DD)'] });
  expect(at('2026-13-45')).toEqual({ 'filter.conditions.0.value': ['Give a date of the calendar'] });
  expect(at('2026-12-01')).toBeNull();
});

it(`takes at most ${SEGMENT_CONDITIONS_MAX} conditions`, () => {
  const many = Array.from({ length: SEGMENT_CONDITIONS_MAX + 1 }, () => ({ field: 'tag', op: 'has', tag: 'x' }));
  expect(problems({ name: 'Many', filter: { conditions: many } })).toEqual({
    'filter.conditions': [`At most ${SEGMENT_CONDITIONS_MAX} conditions`],
  });
});
