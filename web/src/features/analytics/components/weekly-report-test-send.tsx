/** "Send a test now": the last 7 days' report to one address at once, outside the schedule. */
import { useState } from 'react';
import { controlClass } from '../../../components/form/form-field';
import { errorMessage } from '../../../lib/error-message';
import { sendWeeklyReportTest } from '../api/weekly-report';

export function WeeklyReportTestSend() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ busy: boolean; said?: string }>({ busy: false });
  const send = async () => {
    setState({ busy: true });
    try {
      const r = await sendWeeklyReportTest(email.trim());
      setState({ busy: false, said: r.delivered ? `Test report sent. ${r.detail}` : `Not sent: ${r.detail}` });
    } catch (err) {
      setState({ busy: false, said: `Not sent: ${errorMessage(err)}` });
    }
  };
  return (
    <div className="mt-4 border-t border-stone-200 pt-4">
      <label htmlFor="weekly-report-test-email" className="block text-sm font-medium text-stone-900">
        Send a test to
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="weekly-report-test-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="you@example.com"
          className={`${controlClass} mt-0 min-w-48 flex-1`}
        />
        <button
          type="button"
          onClick={() => void send()}
          disabled={state.busy || email.trim() === ''}
          className="min-h-10 rounded-md px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100 disabled:opacity-60"
        >
          {state.busy ? 'Sending…' : 'Send a test now'}
        </button>
      </div>
      {state.said && (
        <p role="status" className="mt-2 text-sm text-stone-700">
          {state.said}
        </p>
      )}
    </div>
  );
}
