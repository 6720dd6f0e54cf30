/**
 * "Weekly report" on the Analytics screen: a button saying whether the weekly e-mail report is on
 * and when it goes out, which opens its settings.
 */
import { useState } from 'react';
import { weekdayName } from '@lp/contracts';
import { useWeeklyReport } from '../api/weekly-report';
import { hourLabel } from '../lib/weekly-report-schedule';
import { WeeklyReportDialog } from './weekly-report-dialog';

const buttonClass =
  'min-h-10 rounded-md bg-white px-3 text-sm font-semibold text-lake-900 ring-1 ring-stone-300 hover:bg-stone-100';

export function WeeklyReportButton() {
  const { data } = useWeeklyReport();
  const [open, setOpen] = useState(false);
  const state = !data ? '' : data.enabled ? `${weekdayName(data.weekday)}s ${hourLabel(data.hour)}` : 'Off';
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass}>
        Weekly report {state && <span className="font-normal text-stone-600">· {state}</span>}
      </button>
      {open && <WeeklyReportDialog onClose={() => setOpen(false)} />}
    </>
  );
}
