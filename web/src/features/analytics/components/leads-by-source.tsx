/**
 * "Leads by source": form submissions of the range by the source and campaign of the visit they
 * were sent in, with the visits of that source, how many of them converted and the conversion
 * rate (converting visits ÷ visits, never above 100%), and by the e-mail campaign whose click
 * brought them ("Email: <campaign>"). Leads without a tracked visit are one "Unattributed" row
 * under the sources (no visits, no rate), never counted as direct.
 */
import type { AnalyticsPeriodInput, LeadSourceRow } from '@lp/contracts';
import { Card } from '../../../components/ui/card';
import { FiguresTable } from '../../../components/ui/figures-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { useLeadsBySource } from '../api/get-leads-by-source';
import { formatCount, formatRate, labelOf } from '../../../lib/format-analytics';

export const UNATTRIBUTED = 'Unattributed';

function LeadTable({
  head,
  rows,
  none,
  label = (value) => labelOf(value, none),
  unattributed = 0,
}: {
  head: string;
  rows: LeadSourceRow[];
  none: string;
  label?: (value: string) => string;
  /** Leads without a tracked visit, shown as their own last row when any. */
  unattributed?: number;
}) {
  return (
    <FiguresTable
      head={head}
      name={(r) => label(r.value)}
      rows={rows}
      rowKey={(r) => r.value}
      columns={[
        { head: 'Leads', cell: (r) => formatCount(r.leads) },
        { head: 'Visits', cell: (r) => formatCount(r.visits) },
        { head: 'Converting visits', cell: (r) => formatCount(r.convertingVisits) },
        { head: 'Conversion rate', cell: (r) => formatRate(r.conversionRate), wrapHead: true },
      ]}
      extraRows={
        unattributed > 0 && (
          <tr className="border-t border-stone-100 text-stone-700">
            <td className="py-1.5 pr-2">
              {UNATTRIBUTED}
              <span className="block text-xs text-stone-600">No tracked visit before the form</span>
            </td>
            <td className="px-2 py-1.5 text-right tabular-nums">{formatCount(unattributed)}</td>
            <td className="px-2 py-1.5 text-right">—</td>
            <td className="px-2 py-1.5 text-right">—</td>
            <td className="py-1.5 pl-2 text-right">—</td>
          </tr>
        )
      }
    />
  );
}

export function LeadsBySourceCard({ period }: { period: AnalyticsPeriodInput }) {
  const { data, error, isLoading } = useLeadsBySource(period);
  return (
    <Card title="Leads by source">
      {isLoading && <Skeleton className="h-24" />}
      {error && <p className="text-sm text-red-800">Leads by source could not be loaded.</p>}
      {data && data.sources.length === 0 && data.unattributed === 0 && (
        <p className="text-sm text-stone-600">No form submissions in this range yet.</p>
      )}
      {data && (data.sources.length > 0 || data.unattributed > 0) && (
        <div className="grid gap-6 xl:grid-cols-2">
          <div className="overflow-x-auto">
            <LeadTable head="Source" rows={data.sources} none="Direct / none" unattributed={data.unattributed} />
          </div>
          {data.campaigns.length > 0 ? (
            <div className="overflow-x-auto">
              <LeadTable head="Campaign" rows={data.campaigns} none="No campaign" />
            </div>
          ) : (
            <p className="text-sm text-stone-600">No lead came from a UTM campaign in this range.</p>
          )}
          {data.emailCampaigns.length > 0 && (
            <div className="overflow-x-auto">
              <LeadTable
                head="Email campaign"
                rows={data.emailCampaigns}
                none="No campaign"
                label={(value) => `Email: ${value}`}
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
