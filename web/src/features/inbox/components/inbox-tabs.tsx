/** The filter tabs All, Unread and Archived (spec §2), as an ARIA tab list with arrow-key movement. */
import { TabList } from '../../../components/ui/tabs';
import type { InboxTab } from '../api/list-inbox';

export const TABS: { key: InboxTab; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'unread', label: 'Unread' },
  { key: 'archived', label: 'Archived' },
];

export const tabId = (t: InboxTab) => `inbox-tab-${t}`;
export const PANEL_ID = 'inbox-panel';

export function InboxTabs({ tab, onChange }: { tab: InboxTab; onChange: (t: InboxTab) => void }) {
  return (
    <TabList
      label="Filter emails"
      tabs={TABS}
      selected={tab}
      onSelect={onChange}
      tabId={tabId}
      panelId={PANEL_ID}
      look="pills"
    />
  );
}
