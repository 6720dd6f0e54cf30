/**
 * "Lead replies" on the Form Submissions screen: a button saying how many interests get an
 * instant reply and whether staff are alerted, which opens the settings.
 */
import { useState } from 'react';
import { LEAD_INTERESTS } from '@lp/contracts';
import { useLeadReplySettings } from '../api/lead-reply-settings';
import { LeadRepliesDialog } from './lead-replies-dialog';

const buttonClass =
  'min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100';

export function LeadRepliesButton() {
  const { data } = useLeadReplySettings();
  const [open, setOpen] = useState(false);
  const on = data ? LEAD_INTERESTS.filter((i) => data.replies[i].enabled).length : 0;
  const state = !data
    ? ''
    : `${on ? `${on} of ${LEAD_INTERESTS.length} replies on` : 'Replies off'}, alert ${data.alert.enabled ? 'on' : 'off'}`;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass}>
        Lead replies {state && <span className="font-normal text-stone-600">· {state}</span>}
      </button>
      {open && <LeadRepliesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
