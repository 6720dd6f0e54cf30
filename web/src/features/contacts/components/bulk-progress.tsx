/** A bulk action's progress as the server reports it: contacts done of the selection. */
import type { OperationProgress } from '@lp/contracts';
import { ProgressMeter } from '../../../components/ui/progress-meter';
import { formatCount } from '../../../lib/format-count';

export function BulkProgress({ status, progress }: { status: string; progress: OperationProgress | null }) {
  return (
    <ProgressMeter
      label="Progress"
      status={status}
      value={progress?.done ?? null}
      max={progress?.total ?? null}
      figures={progress?.total ? `${formatCount(progress.done)} of ${formatCount(progress.total)}` : undefined}
    />
  );
}
