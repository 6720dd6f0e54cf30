/**
 * A campaign's A/B subject test on its page: each variant's subject, sent, delivered, unique
 * opens and clicks by people with their rates, the rest of the audience waiting for (or sent)
 * the winner, and — until a winner is picked — "Pick winner" for either variant, confirmed first.
 */
import { useState } from 'react';
import type { AbVariant, CampaignAbTest } from '@lp/contracts/ab-tests';
import { Dialog, DialogActions } from '../../../components/ui/dialog';
import { button } from '../../../components/ui/styles';
import { toast } from '../../../components/toast/toast-store';
import { errorMessage } from '../../../lib/error-message';
import { countOf, formatCount } from '../../../lib/format-count';
import { pickAbWinner } from '../api/campaigns';

const BY = { opens: 'unique opens', clicks: 'unique clicks', manual: 'hand' } as const;
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function howPicked(t: CampaignAbTest): string {
  if (t.winner)
    return `Variant ${t.winner.toUpperCase()} won (${t.decidedBy === 'staff' ? 'picked by hand' : `by ${BY[t.winnerBy]}`}${
      t.decidedAt ? `, ${when(t.decidedAt)}` : ''
    }).`;
  if (t.winnerBy === 'manual') return 'The winner is picked by hand.';
  return t.decideAt
    ? `The winner is picked by ${BY[t.winnerBy]} on ${when(t.decideAt)}, or by hand before.`
    : `The winner is picked by ${BY[t.winnerBy]} ${t.decideAfterHours} h after sending starts.`;
}

export function AbTestPanel({ id, test, onPicked }: { id: number; test: CampaignAbTest; onPicked: () => void }) {
  const [picking, setPicking] = useState<AbVariant | null>(null);
  const [busy, setBusy] = useState(false);
  const started = test.variants.some((v) => v.recipients > 0) || test.rest.recipients > 0;
  const confirm = async () => {
    if (!picking) return;
    setBusy(true);
    try {
      await pickAbWinner(id, picking);
      toast({ title: `Variant ${picking.toUpperCase()} picked: sending it to the rest` });
      setPicking(null);
      onPicked();
    } catch (err) {
      toast({ title: 'Action failed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="mt-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200" aria-labelledby="ab-test-title">
      <h2 id="ab-test-title" className="font-semibold text-stone-900">
        A/B subject test
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        Each variant to {test.testShare} % of the audience{test.contentB ? ' (variant B with its own content)' : ''}.{' '}
        {howPicked(test)}
      </p>
      <table className="mt-3 w-full text-left text-sm">
        <thead>
          <tr className="text-stone-600">
            <th scope="col">Variant</th>
            <th scope="col">Subject</th>
            <th scope="col">Sent</th>
            <th scope="col">Unique opens</th>
            <th scope="col">Unique clicks</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {test.variants.map((v) => (
            <tr key={v.variant} className="border-t border-stone-200">
              <th scope="row" className={test.winner === v.variant ? 'text-green-800' : undefined}>
                {v.variant.toUpperCase()}
                {test.winner === v.variant ? ' (winner)' : ''}
              </th>
              <td>{v.subject}</td>
              <td>{`${formatCount(v.sent)} of ${formatCount(v.recipients)}`}</td>
              <td>{`${formatCount(v.uniqueOpens)} (${v.openRate.toFixed(1)}%)`}</td>
              <td>{`${formatCount(v.uniqueClicks)} (${v.clickRate.toFixed(1)}%)`}</td>
              <td>
                {!test.winner && started && (
                  <button type="button" className={button.secondary} onClick={() => setPicking(v.variant)}>
                    Pick {v.variant.toUpperCase()} as winner
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-sm text-stone-600">
        The rest: {countOf(test.rest.recipients, 'recipient')}
        {test.winner ? `, ${formatCount(test.rest.sent)} sent the winner` : ', waiting for the winner'}. Rates are of
        delivered messages; machine opens and link scanners' clicks are not counted.
      </p>
      <Dialog
        open={picking !== null}
        title={`Pick variant ${picking?.toUpperCase() ?? ''} as the winner?`}
        description={`Variant ${picking?.toUpperCase() ?? ''} goes to the other ${countOf(test.rest.recipients, 'recipient')}. This cannot be changed.`}
        onClose={() => setPicking(null)}
        footer={
          <DialogActions
            onCancel={() => setPicking(null)}
            action={{ label: busy ? 'Picking...' : 'Pick winner', onClick: () => void confirm(), disabled: busy }}
          />
        }
      />
    </section>
  );
}
