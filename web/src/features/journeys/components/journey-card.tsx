/**
 * One journey: its trigger and status, Edit, Enter a list…, Pause/Resume and Delete, and per
 * step who waits at it, passed it and left at it.
 */
import { useState } from 'react';
import type { JourneyWithStats } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { button } from '../../../components/ui/styles';
import { errorMessage } from '../../../lib/error-message';
import { setJourneyStatus } from '../api/journeys';
import { describeStep, describeTrigger, type Names } from './describe-step';

const n = (v: number) => v.toLocaleString('en-US');

/** Why those who left did: " (3 unsubscribed or bounced, 2 replied)", nothing when none left. */
function leftBy(by: JourneyWithStats['stats']['exitedBy']): string {
  const parts = [
    by.unsubscribed_or_bounced && `${n(by.unsubscribed_or_bounced)} unsubscribed or bounced`,
    by.replied && `${n(by.replied)} replied`,
    by.customer && `${n(by.customer)} became customers`,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

type Props = {
  journey: JourneyWithStats;
  names: Names;
  onChanged: () => void;
  onEdit: () => void;
  onEnter: () => void;
  onDelete: () => void;
};

export function JourneyCard({ journey, names, onChanged, onEdit, onEnter, onDelete }: Props) {
  const [busy, setBusy] = useState(false);
  const paused = journey.status === 'paused';
  const stepNumbers = new Map(journey.steps.map((s, i) => [s.id, i + 1]));
  const toggle = async () => {
    setBusy(true);
    try {
      await setJourneyStatus(journey.id, paused ? 'active' : 'paused');
      toast({ title: paused ? 'Journey resumed' : 'Journey paused' });
      onChanged();
    } catch (err) {
      toast({ title: 'Failed to change the journey', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const { stats } = journey;
  return (
    <section
      aria-labelledby={`journey-${journey.id}`}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-stone-200"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`journey-${journey.id}`} className="text-lg font-semibold text-lake-900">
            {journey.name}
          </h2>
          <p className="text-sm text-stone-600">
            {describeTrigger(journey.trigger, names)} · {paused ? 'Paused' : 'Active'} · {n(stats.entered)} entered,{' '}
            {n(stats.completed)} completed, {n(stats.exited)} left{leftBy(stats.exitedBy)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={button.secondary} onClick={onEdit}>
            Edit
          </button>
          <button type="button" className={button.secondary} onClick={onEnter}>
            Enter a list…
          </button>
          <button type="button" className={button.secondary} disabled={busy} onClick={() => void toggle()}>
            {paused ? 'Resume' : 'Pause'}
          </button>
          <button type="button" className={`${button.secondary} text-red-800`} onClick={onDelete}>
            Delete
          </button>
        </div>
      </div>
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">Steps of {journey.name}</caption>
        <thead className="text-stone-500">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Step
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Waiting
            </th>
            <th scope="col" className="py-1 pr-3 text-right font-medium">
              Passed
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Left
            </th>
          </tr>
        </thead>
        <tbody>
          {journey.steps.map((s, i) => {
            const figures = stats.steps.find((x) => x.stepId === s.id);
            return (
              <tr key={s.id} className="border-t border-stone-100">
                <th scope="row" className="py-1 pr-3 font-normal text-stone-900">
                  <span className="text-stone-500">{i + 1}.</span> {describeStep(s, { ...names, step: stepNumbers })}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{n(figures?.waiting ?? 0)}</td>
                <td className="py-1 pr-3 text-right tabular-nums">{n(figures?.passed ?? 0)}</td>
                <td className="py-1 text-right tabular-nums">{n(figures?.left ?? 0)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
