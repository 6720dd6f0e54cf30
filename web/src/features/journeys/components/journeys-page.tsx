/**
 * Journeys (/marketing/journeys): every journey with its trigger and status, and per step how
 * many contacts wait at it, passed it and left there (refreshed every 10 s). Create Journey
 * opens the builder; each journey has Edit, Enter a list…, Pause/Resume and Delete.
 */
import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import type { JourneyWithStats, Segment } from '@lp/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useLists } from '../../../lib/use-lists';
import { SEGMENTS_KEY } from '../../../lib/use-segments';
import { useTemplateNames } from '../../../lib/use-template-names';
import { button } from '../../../components/ui/styles';
import { useJourneys } from '../api/journeys';
import { DeleteJourneyDialog } from './delete-journey-dialog';
import { EnterListDialog } from './enter-list-dialog';
import { JourneyBuilderDialog } from './journey-builder-dialog';
import { JourneyCard } from './journey-card';

type Open = { kind: 'create' } | { kind: 'edit' | 'enter' | 'delete'; journey: JourneyWithStats } | null;

export function JourneysPage() {
  const journeys = useJourneys();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const reload = () => void journeys.mutate();
  const templates = useTemplateNames().names;
  const lists = useLists().data;
  // Segment and campaign names only when a journey is started by one.
  const uses = (kind: JourneyWithStats['trigger']['kind']) => journeys.data?.some((j) => j.trigger.kind === kind);
  const segments = useSWR<Segment[]>(uses('segment_joined') ? SEGMENTS_KEY : null).data;
  const campaigns = useSWR<{ id: number; name: string }[]>(
    uses('link_clicked') ? '/api/marketing/campaigns' : null,
  ).data;
  const names = useMemo(
    () => ({
      template: new Map(templates.map((t) => [t.id, t.name])),
      list: new Map((lists ?? []).map((l) => [l.id, l.name])),
      segment: new Map((segments ?? []).map((g) => [g.id, g.name])),
      campaign: new Map((campaigns ?? []).map((c) => [c.id, c.name])),
    }),
    [templates, lists, segments, campaigns],
  );
  useEffect(() => {
    document.title = 'Journeys | Marketing Dashboard';
  }, []);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Journeys</h1>
        <button type="button" className={button.dark} onClick={() => setOpen({ kind: 'create' })}>
          Create Journey
        </button>
      </div>
      <div className="mt-6 space-y-4">
        {journeys.isLoading && <Spinner label="Loading journeys…" />}
        {journeys.error && (
          <ErrorState message="Failed to load journeys. Please try again." onRetry={() => journeys.mutate()} />
        )}
        {journeys.data?.length === 0 && (
          <EmptyState title="No journeys yet">
            A journey follows contacts up step by step: after a form submission, when they join a list or segment, click
            a campaign’s link, keep viewing a lot or a lot they asked about changes, or when you enter a list. Create
            one to start.
          </EmptyState>
        )}
        {journeys.data?.map((j) => (
          <JourneyCard
            key={j.id}
            journey={j}
            names={names}
            onChanged={reload}
            onEdit={() => setOpen({ kind: 'edit', journey: j })}
            onEnter={() => setOpen({ kind: 'enter', journey: j })}
            onDelete={() => setOpen({ kind: 'delete', journey: j })}
          />
        ))}
      </div>
      <JourneyBuilderDialog
        open={open?.kind === 'create' || open?.kind === 'edit'}
        journeyId={open?.kind === 'edit' ? open.journey.id : undefined}
        onClose={close}
        onSaved={reload}
      />
      <EnterListDialog journey={open?.kind === 'enter' ? open.journey : null} onClose={close} onEntered={reload} />
      <DeleteJourneyDialog journey={open?.kind === 'delete' ? open.journey : null} onClose={close} onDeleted={reload} />
    </>
  );
}
