/**
 * Form Submissions: the website's form submissions as a table, with loading, error and empty
 * states; each row shows its lead attribution (first touch, visits and pages before converting).
 */
import { CONTACT_PAGE_INTERESTS } from '@lp/contracts';
import { SubmissionFirstTouch } from '../../analytics';
import { useSubmissions } from '../api/list-submissions';
import { Spinner } from './spinner';

const COLUMNS = ['Name', 'Email', 'Phone', 'Interest', 'Source', 'First touch', 'Date'] as const;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Contact-page interests are stored by value ('buying'); show their label. */
function interestLabel(value: string | null): string {
  if (!value) return '—';
  return (CONTACT_PAGE_INTERESTS as Record<string, string>)[value] ?? value;
}

export function FormSubmissions() {
  const { data, error, isLoading } = useSubmissions();
  return (
    <>
      <h1 className="text-2xl font-bold text-lake-900">Form Submissions</h1>
      {isLoading && <Spinner label="Loading submissions…" />}
      {error && (
        <p role="alert" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
          Failed to load form submissions. Please try again.
        </p>
      )}
      {data && data.length === 0 && <p className="mt-6 text-stone-700">No form submissions yet.</p>}
      {data && data.length > 0 && (
        <div className="mt-6 overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-stone-200">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="border-b border-stone-200 bg-stone-50 text-stone-700">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} scope="col" className="px-4 py-3 font-semibold">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.map((s) => (
                <tr key={s.id} className="border-b border-stone-100 last:border-0">
                  <td className="px-4 py-3 font-medium text-stone-900">
                    {s.firstName} {s.lastName}
                  </td>
                  <td className="px-4 py-3">
                    <a className="text-lake-700 underline" href={`mailto:${s.email}`}>
                      {s.email}
                    </a>
                  </td>
                  <td className="px-4 py-3">{s.phone}</td>
                  <td className="px-4 py-3">{interestLabel(s.interest)}</td>
                  <td className="px-4 py-3">{s.source}</td>
                  <td className="px-4 py-3 align-top">
                    <SubmissionFirstTouch submissionId={s.id} />
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{dateFormat.format(new Date(s.createdAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
