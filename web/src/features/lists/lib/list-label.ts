/**
 * How a list is named in every picker: its name and its number of contacts ("Buyers · 1,204
 * contacts"), so two lists of similar names, or an empty one, are told apart before choosing.
 */
export function listOptionLabel(name: string, contactCount: number): string {
  return `${name} · ${contactCount.toLocaleString('en-US')} contact${contactCount === 1 ? '' : 's'}`;
}
