/**
 * Engagement conditions of a segment (opened or clicked, never opened) are the mailer's facts:
 * crm asks the mailer for the addresses, a page of 10,000 at a time, right before the filter is
 * turned into SQL, and keeps no copy (as a contact's history does). A filter without them never
 * asks. The addresses then join the query as one array parameter (segment-filter.ts).
 */
import type { EngagedEmailsInput, SegmentCondition, SegmentFilter } from '@lp/contracts';
import { segmentWhere, type SegmentSqlOptions, type SqlFragment } from './segment-filter.ts';
import { visitsOf, type LeadSessionsLookup, type LotsLookup } from './segment-visits.ts';

export type EngagedLookup = (input: EngagedEmailsInput) => Promise<{ emails: string[] }>;

/**
 * What evaluating a segment needs besides the database: the site's time zone, the mailer (for
 * engagement), analytics (first touch, lots viewed) and the inventory (the lots available).
 */
export type SegmentContext = {
  timeZone: string;
  engagedEmails?: EngagedLookup;
  leadSessions?: LeadSessionsLookup;
  lots?: LotsLookup;
};

const PAGE = 10_000;

async function allEngaged(lookup: EngagedLookup, ask: Omit<EngagedEmailsInput, 'after' | 'limit'>): Promise<string[]> {
  const emails: string[] = [];
  for (let after = ''; ;) {
    const page = await lookup({ ...ask, after, limit: PAGE });
    emails.push(...page.emails);
    if (page.emails.length < PAGE) return emails;
    after = page.emails.at(-1)!;
  }
}

/** The addresses of each engagement condition of `filter` (none asked when it has none). */
export async function engagementOf(
  filter: SegmentFilter,
  lookup: EngagedLookup | undefined,
): Promise<Map<SegmentCondition, string[]>> {
  const engaged = new Map<SegmentCondition, string[]>();
  for (const c of filter.conditions) {
    if (c.field !== 'engagement') continue;
    if (!lookup) throw new Error('engagement conditions need the mailer');
    engaged.set(
      c,
      c.op === 'never_opened'
        ? await allEngaged(lookup, { kind: 'open' })
        : await allEngaged(lookup, {
            kind: c.op === 'opened' ? 'open' : 'click',
            campaignId: c.campaignId,
            days: c.days,
          }),
    );
  }
  return engaged;
}

/**
 * `segmentWhere` with the engagement conditions' addresses asked of the mailer first, and the
 * visit conditions' lead sessions of analytics (segment-visits.ts).
 */
export async function resolvedSegmentWhere(
  filter: SegmentFilter,
  context: SegmentContext,
  options: Omit<SegmentSqlOptions, 'timeZone' | 'engaged' | 'sessions'> = {},
): Promise<SqlFragment> {
  const [engaged, sessions] = await Promise.all([
    engagementOf(filter, context.engagedEmails),
    visitsOf(filter, context),
  ]);
  return segmentWhere(filter, { ...options, timeZone: context.timeZone, engaged, sessions });
}
