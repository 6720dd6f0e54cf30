/**
 * Engagement conditions of a segment (opened or clicked, never opened) are the mailer's facts:
 * crm asks the mailer for the contacts (their ids, a page of 50,000 at a time) right before the
 * filter is turned into SQL, and keeps no copy (as a contact's history does). A filter without
 * them never asks. The ids then join the query as one array parameter (segment-filter.ts).
 */
import {
  ENGAGED_CONTACTS_PAGE,
  type EngagedContactsInput,
  type SegmentCondition,
  type SegmentFilter,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { segmentWhere, type SegmentSqlOptions, type SqlFragment } from './segment-filter.ts';
import { visitorsOf, type LeadSessionsLookup, type LotsLookup } from './segment-visits.ts';

export type EngagedLookup = (input: EngagedContactsInput) => Promise<{ contactIds: number[] }>;

/**
 * What evaluating a segment needs besides the database: the site's time zone, the mailer (for
 * engagement), analytics (first touch, lots viewed) and the inventory (the lots available).
 */
export type SegmentContext = {
  timeZone: string;
  engagedContacts?: EngagedLookup;
  leadSessions?: LeadSessionsLookup;
  lots?: LotsLookup;
};

async function allEngaged(
  lookup: EngagedLookup,
  ask: Omit<EngagedContactsInput, 'after' | 'limit'>,
): Promise<number[]> {
  const ids: number[] = [];
  for (let after = 0; ;) {
    const page = await lookup({ ...ask, after, limit: ENGAGED_CONTACTS_PAGE });
    for (const id of page.contactIds) ids.push(id);
    if (page.contactIds.length < ENGAGED_CONTACTS_PAGE) return ids;
    after = page.contactIds.at(-1)!;
  }
}

/** The contact ids of each engagement condition of `filter` (none asked when it has none). */
export async function engagementOf(
  filter: SegmentFilter,
  lookup: EngagedLookup | undefined,
): Promise<Map<SegmentCondition, number[]>> {
  const engaged = new Map<SegmentCondition, number[]>();
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
 * `segmentWhere` with the contacts of the conditions other services answer asked first, at the
 * same time: engagement of the mailer, first touch and lot views of analytics (segment-visits.ts).
 */
export async function resolvedSegmentWhere(
  knex: Knex,
  filter: SegmentFilter,
  context: SegmentContext,
  options: Omit<SegmentSqlOptions, 'timeZone' | 'contactIds'> = {},
): Promise<SqlFragment> {
  const [engaged, visitors] = await Promise.all([
    engagementOf(filter, context.engagedContacts),
    visitorsOf(knex, filter, context),
  ]);
  return segmentWhere(filter, {
    ...options,
    timeZone: context.timeZone,
    contactIds: new Map([...engaged, ...visitors]),
  });
}
