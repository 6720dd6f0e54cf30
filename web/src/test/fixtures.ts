/** Records as the API answers them, for tests: defaults that any test may override. */
import type { Contact, Template, WebAnalytics, WebAnalyticsTotals } from '@lp/contracts';

/** A contact added by hand on 1 Nov 2026, subscribed, with only its e-mail (`c<id>@example.com`). */
export const contactOf = (id: number, over: Partial<Contact> = {}): Contact => ({
  id,
  email: `c${id}@example.com`,
  firstName: null,
  lastName: null,
  phone: null,
  status: 'subscribed',
  source: 'manual_entry',
  metadata: { address: null, notes: null },
  tags: [],
  customFields: {},
  createdAt: '2026-11-01T16:00:00.000Z',
  updatedAt: '2026-11-01T16:00:00.000Z',
  version: 1,
  ...over,
});

/** E-mail template 4, "Spring lots", with the subject, content and version given. */
export const templateOf = (subject: string, content: string, version = 1): Template => ({
  id: 4,
  name: 'Spring lots',
  subject,
  description: '',
  previewText: '',
  category: 'Custom',
  content,
  thumbnailUrl: null,
  version,
  created_at: '2026-11-20T16:00:00.000Z',
  updated_at: '2026-11-20T16:00:00.000Z',
});

/** The four figures (and page views), all zero unless given. */
export const totalsOf = (over: Partial<WebAnalyticsTotals> = {}): WebAnalyticsTotals => ({
  totalVisits: 0,
  uniqueVisitors: 0,
  averageTimeOnSite: 0,
  bounceRate: 0,
  pageviews: 0,
  ...over,
});

/**
 * A web-analytics answer for the last `days` days to 24 Nov 2026, compared with the previous
 * period, the whole site, no visits: one day in the series, empty tables.
 */
export const webAnalyticsOf = (days: 7 | 30 | 90 | 365, over: Partial<WebAnalytics> = {}): WebAnalytics => ({
  days,
  custom: false,
  filters: {},
  from: '2026-10-26',
  to: '2026-11-24',
  ...totalsOf(),
  previous: totalsOf(),
  series: [{ day: '2026-11-24', visits: 0, visitors: 0, pageviews: 0 }],
  comparison: {
    compare: 'previous',
    from: '2026-09-26',
    to: '2026-10-25',
    days,
    series: [{ day: '2026-10-25', visits: 0, visitors: 0, pageviews: 0 }],
  },
  top: {
    pages: [],
    entryPages: [],
    exitPages: [],
    referrers: [],
    sources: [],
    campaigns: [],
    mediums: [],
    terms: [],
    contents: [],
    devices: [],
    browsers: [],
    operatingSystems: [],
    countries: [],
    regions: [],
    cities: [],
  },
  ...over,
});
