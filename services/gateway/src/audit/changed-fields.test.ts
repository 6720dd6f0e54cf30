import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

describe('changedFields', () => {
  it('names the fields an edit changes, treating empty and missing text alike', () => {
    const before = { email: 'a@example.com', firstName: null, status: 'subscribed', metadata: { notes: null } };
    expect(changedFields(before, { email: 'a@example.com', firstName: '', status: 'subscribed' })).toEqual([]);
    expect(
      changedFields(before, {
        email: 'b@example.com',
        firstName: 'Ann',
        status: 'unsubscribed',
        metadata: { notes: '' },
      }),
    ).toEqual(['email', 'firstName', 'status']);
    expect(changedFields({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual(['tags']);
  });
});
