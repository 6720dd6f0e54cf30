/** The import dialog's own checks before uploading (spec §5): a file is chosen, and its name ends in .csv. */
export function checkImportFile(file: File | null | undefined): string | null {
  if (!file) return 'Please select a file to import';
  if (!/\.csv$/i.test(file.name)) return 'Please upload a CSV file';
  return null;
}
