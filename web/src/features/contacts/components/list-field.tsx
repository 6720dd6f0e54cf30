/** The "List" field of the bulk actions on contacts (Add to List, Remove from List): a picker of the lists. */
import type { ContactList } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ListOptions } from '../../../components/form/list-options';

type Props = {
  id: string;
  lists: readonly ContactList[] | undefined;
  value: string;
  onChange: (listId: string) => void;
  error: string | null;
};

export function ListField({ id, lists, value, onChange, error }: Props) {
  return (
    <FormField id={id} label="List" error={error ?? undefined}>
      {(p) => (
        <select {...p} className={controlClass} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Select a list</option>
          <ListOptions lists={lists} />
        </select>
      )}
    </FormField>
  );
}
