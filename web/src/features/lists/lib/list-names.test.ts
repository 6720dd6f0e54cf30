import { expect, it } from 'vitest';
import { freeCopyName } from './copy-name';
import { listOptionLabel } from '../../../lib/list-label';

it('proposes the first free copy name in any letter case', () => {
  expect(freeCopyName('Buyers', ['Buyers'])).toBe('Buyers (Copy)');
  expect(freeCopyName('Buyers', ['Buyers', 'buyers (copy)'])).toBe('Buyers (Copy 2)');
  expect(freeCopyName('Buyers', ['Buyers', 'Buyers (Copy)', 'BUYERS (COPY 2)', 'Buyers (Copy 4)'])).toBe(
    'Buyers (Copy 3)',
  );
});

it('names a list in a picker with its contact count, with thousands separators', () => {
  expect(listOptionLabel('Buyers', 1204)).toBe('Buyers · 1,204 contacts');
  expect(listOptionLabel('Solo', 1)).toBe('Solo · 1 contact');
  expect(listOptionLabel('Empty', 0)).toBe('Empty · 0 contacts');
});
