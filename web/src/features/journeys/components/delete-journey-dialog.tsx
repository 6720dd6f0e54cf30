/** Confirms deleting a journey ('Journey deleted' / 'Failed to delete journey'). */
import type { JourneyWithStats } from '@lp/contracts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { deleteJourney } from '../api/journeys';

type Props = { journey: JourneyWithStats | null; onClose: () => void; onDeleted: () => unknown };

export function DeleteJourneyDialog({ journey, onClose, onDeleted }: Props) {
  return (
    <ConfirmActionDialog
      open={journey !== null}
      title="Delete Journey"
      message={
        journey ? `Delete "${journey.name}"? Contacts in it leave it; mail it already sent stays sent.` : undefined
      }
      confirmLabel="Delete"
      onClose={onClose}
      action={async () => journey && (await deleteJourney(journey.id))}
      done={{ title: 'Journey deleted' }}
      afterDone={onDeleted}
      failed={{ title: 'Failed to delete journey', description: 'Please try again.' }}
    />
  );
}
