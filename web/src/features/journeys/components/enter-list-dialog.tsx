/**
 * "Enter a list…": choose a list and its mailable contacts enter the journey (202: the engine
 * lets them in a page at a time, and the figures show them arrive). A list the server refuses
 * (gone since the lists were read) is said at the picker.
 */
import { useState, type FormEvent } from 'react';
import type { JourneyWithStats } from '@lp/contracts';
import { FormField, controlClass } from '../../../components/form/form-field';
import { ListOptions } from '../../../components/form/list-options';
import { toast } from '../../../components/toast/toast-store';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessage, fieldErrors } from '../../../lib/error-message';
import { useLists } from '../../../lib/use-lists';
import { enterJourney } from '../api/journeys';

type Props = { journey: JourneyWithStats | null; onClose: () => void; onEntered: () => void };

export function EnterListDialog({ journey, onClose, onEntered }: Props) {
  if (!journey) return null;
  return <EnterListForm journey={journey} onClose={onClose} onEntered={onEntered} />;
}

function EnterListForm({ journey, onClose, onEntered }: Props & { journey: JourneyWithStats }) {
  const lists = useLists({ fresh: true }).data;
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!listId) {
      setError('Choose a list');
      return;
    }
    setPending(true);
    try {
      await enterJourney(journey.id, Number(listId));
      const list = lists?.find((l) => String(l.id) === listId);
      toast({
        title: `${list?.name ?? 'The list'} is entering ${journey.name}`,
        description: 'Its contacts arrive a page at a time; the step figures show them.',
      });
      onEntered();
      onClose();
    } catch (err) {
      const fields = fieldErrors(err);
      if (fields.listId) setError(fields.listId);
      else toast({ title: 'Failed to enter the list', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      title="Enter a list"
      description={`Every mailable contact of the list enters ${journey.name} at its first step (once each).`}
      onClose={onClose}
      formId="journey-enter-form"
      onSubmit={(e) => void onSubmit(e)}
      submitLabel={pending ? 'Entering...' : 'Enter list'}
      pending={pending}
    >
      <FormField id="journey-enter-list" label="List" required error={error}>
        {(p) => (
          <select
            {...p}
            className={controlClass}
            value={listId}
            onChange={(e) => {
              setError(undefined);
              setListId(e.target.value);
            }}
          >
            <option value="">Select a list</option>
            <ListOptions lists={lists} />
          </select>
        )}
      </FormField>
    </FormDialog>
  );
}
