/**
 * The Analytics screen (/marketing/analytics): tabs Email Analytics and Web Analytics (spec §2).
 * Web opens first: e-mail analytics arrive with the mailer's campaigns and show a note until then.
 */
import { useState } from 'react';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { WebAnalyticsTab } from './web-analytics-tab';

const TABS = [
  { key: 'email', label: 'Email Analytics' },
  { key: 'web', label: 'Web Analytics' },
] as const;

export function AnalyticsPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('web');
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-lake-900">Analytics</h1>
      <Tabs label="Analytics" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'web' ? (
          <WebAnalyticsTab />
        ) : (
          <Card>
            <p className="py-8 text-center text-stone-700">
              Not available yet: open, click and bounce rates appear once e-mail campaigns are sent and tracked.
            </p>
          </Card>
        )}
      </Tabs>
    </>
  );
}
