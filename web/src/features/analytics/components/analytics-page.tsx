/**
 * The Analytics screen (/marketing/analytics): tabs Email Analytics and Web Analytics (spec §2).
 * Web opens first; the Email tab is the e-mail feature's (open, click and bounce rates of campaigns).
 * Beside the title, the weekly e-mail report's settings.
 */
import { useState, type ReactNode } from 'react';
import { Tabs } from '../../../components/ui/tabs';
import { WeeklyReportButton } from './weekly-report-button';
import { WebAnalyticsTab } from './web-analytics-tab';

const TABS = [
  { key: 'email', label: 'Email Analytics' },
  { key: 'web', label: 'Web Analytics' },
] as const;

/** `emailTab`: the e-mail feature's tab, handed in by the staff routes (app/staff-routes). */
export function AnalyticsPage({ emailTab }: { emailTab: ReactNode }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('web');
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-lake-900">Analytics</h1>
        <WeeklyReportButton />
      </div>
      <Tabs label="Analytics" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'web' ? <WebAnalyticsTab /> : emailTab}
      </Tabs>
    </>
  );
}
