/**
 * Lead attribution for one form submission (a cell of the submissions table): the visitor's
 * first-touch source and campaign ("Email: <campaign>" when an e-mail click brought it), the
 * e-mail campaign that brought it later if another did, landing page, and the visits and pages
 * before converting (the pages in a disclosure), found by the submission's session id (a
 * submission without one was not tracked). All rows share one request (one SWR key).
 */
import { EMAIL_UTM_MEDIUM } from '@lp/contracts';
import { useSubmissionAttribution } from '../api/get-submission-attribution';
import { countOf } from '../../../lib/format-count';

export function SubmissionFirstTouch({ sessionId }: { sessionId: string | null }) {
  const { data, error, isLoading } = useSubmissionAttribution();
  if (isLoading) return <span className="text-stone-500">…</span>;
  if (error) return <span className="text-stone-500">—</span>;
  const a = sessionId ? data?.find((x) => x.sessionId === sessionId) : undefined;
  if (!a?.firstTouch) return <span className="text-stone-500">Not tracked</span>;
  const t = a.firstTouch;
  const firstFromEmail = t.utmMedium === EMAIL_UTM_MEDIUM && t.utmCampaign !== null;
  return (
    <div className="min-w-48 text-sm">
      <p className="font-medium text-stone-900">
        {firstFromEmail ? (
          `Email: ${t.utmCampaign}`
        ) : (
          <>
            {t.source || 'Direct'}
            {t.utmCampaign && <span className="text-stone-600"> · {t.utmCampaign}</span>}
          </>
        )}
      </p>
      {a.emailCampaign && !(firstFromEmail && a.emailCampaign === t.utmCampaign) && (
        <p className="text-stone-900">Then came by Email: {a.emailCampaign}</p>
      )}
      <p className="text-stone-600">Landed on {t.landingPage ?? '—'}</p>
      <details>
        <summary className="cursor-pointer text-lake-700">
          {countOf(a.visits, 'visit')}, {countOf(a.pageviews, 'page')} before converting
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
