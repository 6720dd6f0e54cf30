/** The definitions behind the four figures, shown as the stat cards' descriptions. */
export const DEFINITIONS = {
  totalVisits:
    'Visits started in the range. A visit is one visitor’s page views and events with no gap over 30 minutes; it may run past midnight.',
  uniqueVisitors: 'Distinct visitor ids in the range (a visitor keeps one id per browser).',
  bounceRate:
    'Share of visits with one page view and no interaction (clicks, form steps). Engagement pings do not count.',
  averageTimeOnSite:
    'Mean over visits of the time from the first to the last hit, including the engagement ping sent when the tab is hidden or left.',
} as const;
