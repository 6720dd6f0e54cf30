/**
 * Lead attribution for one form submission (a cell of the submissions table): the visitor's
 * first-touch source and campaign, landing page, and the visits and pages before converting
 * (the pages in a disclosure). All rows share one request (one SWR key).
 */
import { useSubmissionAttribution } from '../api/get-submission-attribution';

export function SubmissionFirstTouch({ submissionId }: { submissionId: number }) {
  const { data, error, isLoading } = useSubmissionAttribution();
  if (isLoading) return <span className="text-stone-500">…</span>;
  if (error) return <span className="text-stone-500">—</span>;
  const a = data?.find((x) => x.submissionId === submissionId);
  if (!a?.firstTouch) return <span className="text-stone-500">Not tracked</span>;
  const t = a.firstTouch;
  return (
    <div className="min-w-48 text-sm">
      <p className="font-medium text-stone-900">
        {t.source || 'Direct'}
        {t.utmCampaign && <span className="text-stone-600"> · {t.utmCampaign}</span>}
      </p>
      <p className="text-stone-600">Landed on {t.landingPage ?? '—'}</p>
      <details>
        <summary className="cursor-pointer text-lake-700">
          {a.visits} {a.visits === 1 ? 'visit' : 'visits'}, {a.pageviews} {a.pageviews === 1 ? 'page' : 'pages'} before
          converting
        </summary>
        <ol className="mt-1 list-decimal pl-5 text-stone-700">
          {a.pages.map((p, i) => (
            <li key={`${i}-${p}`}>{p}</li>
          ))}
        </ol>
      </details>
    </div>
  );
}
