/**
 * How a list is named in every picker: its name and its number of contacts ("Buyers · 1,204
 * contacts"), so two lists of similar names, or an empty one, are told apart before choosing.
 */
import { countOf } from './format-count';

export function listOptionLabel(name: string, contactCount: number): string {
  return `${name} · ${countOf(contactCount, 'contact')}`;
}
