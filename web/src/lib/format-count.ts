/**
 * Every count the dashboard shows, with thousands separators ("50,000 contacts", never 50000):
 * one formatter, in the product's language, whatever the browser's locale.
 */
const COUNT = new Intl.NumberFormat('en-US');

export const formatCount = (n: number): string => COUNT.format(n);

/** "1 contact", "50,000 contacts": the count and its noun, plural unless the count is one. */
export const countOf = (n: number, noun: string, plural = `${noun}s`): string =>
  `${formatCount(n)} ${n === 1 ? noun : plural}`;
