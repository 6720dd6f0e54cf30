import { describe, expect, it } from 'vitest';
import { checkImportFile } from './check-import-file';

describe('checkImportFile', () => {
  it('asks for a file, then for a .csv one', () => {
    expect(checkImportFile(null)).toBe('Please select a file to import');
    expect(checkImportFile(new File(['x'], 'contacts.xlsx'))).toBe('Please upload a CSV file');
    expect(checkImportFile(new File(['x'], 'Contacts.CSV'))).toBeNull();
  });
});
