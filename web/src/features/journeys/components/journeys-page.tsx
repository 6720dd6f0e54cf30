/**
 * Journeys (/marketing/journeys): every journey with its trigger and status, Pause/Resume, and
 * per step how many contacts wait at it, passed it and left there (refreshed every 10 s).
 * Journeys are built through the staff API for now (`POST /api/marketing/journeys`).
 */
import { useEffect } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useJourneys } from '../api/journeys';
import { JourneyCard } from './journey-card';

export function JourneysPage() {
  const journeys = useJourneys();
  useEffect(() => {
    document.title = 'Journeys | Marketing Dashboard';
  }, []);
  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">Journeys</h1>
      <div className="mt-6 space-y-4">
        {journeys.isLoading && <Spinner label="Loading journeys…" />}
        {journeys.error && (
          <ErrorState message="Failed to load journeys. Please try again." onRetry={() => journeys.mutate()} />
        )}
        {journeys.data?.length === 0 && (
          <EmptyState title="No journeys yet">
            A journey mails contacts step by step after a form submission or when they join a list.
          </EmptyState>
        )}
        {journeys.data?.map((j) => (
          <JourneyCard key={j.id} journey={j} onChanged={() => void journeys.mutate()} />
        ))}
      </div>
    </>
  );
}
