/**
 * The options of a list picker after its first one ("Select a list", "No list"): each list by
 * id, named with its number of contacts (see `listOptionLabel`).
 */
import type { ContactList } from '@lp/contracts';
import { listOptionLabel } from '../../lib/list-label';

export function ListOptions({ lists }: { lists: readonly ContactList[] | undefined }) {
  return (lists ?? []).map((l) => (
    <option key={l.id} value={String(l.id)}>
      {listOptionLabel(l.name, l.contact_count)}
    </option>
  ));
}
