/**
 * Saves lines of CSV (each from contracts' `csvLine`: RFC 4180, formula-safe) as a file the
 * browser downloads, named `filename`.
 */
export function downloadCsv(filename: string, lines: readonly string[]): void {
  const url = URL.createObjectURL(new Blob([...lines], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file-name part of free text: lower case, runs of anything but letters and digits as one dash. */
export const fileNamePart = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
