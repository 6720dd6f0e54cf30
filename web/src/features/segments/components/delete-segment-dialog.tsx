/** Confirms deleting a segment ('Segment deleted successfully' / 'Failed to delete segment' 'Please try again.'). */
import type { Segment } from '@lp/contracts';
import { ConfirmActionDialog } from '../../../components/ui/confirm-dialog';
import { refreshSegments } from '../../../lib/use-segments';
import { deleteSegment } from '../api/segments';

export function DeleteSegmentDialog({ segment, onClose }: { segment: Segment | null; onClose: () => void }) {
  return (
    <ConfirmActionDialog
      open={segment !== null}
      title="Delete Segment"
      message={segment ? `Delete "${segment.name}"? Its contacts stay in your contacts and lists.` : undefined}
      confirmLabel="Delete"
      onClose={onClose}
      action={async () => segment && (await deleteSegment(segment.id))}
      done={{ title: 'Segment deleted successfully' }}
      afterDone={refreshSegments}
      failed={{ title: 'Failed to delete segment', description: 'Please try again.' }}
    />
  );
}
