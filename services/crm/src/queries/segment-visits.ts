/**
 * Segment conditions on what visitors did on the site (the first-touch campaign, viewed lot N,
 * viewed any available lot) are analytics' facts: crm asks analytics for the lead sessions, a
 * page of up to LEAD_SESSIONS_PAGE at a time (fewer when the ids fill half a bus message:
 * analytics says when there are more), right before the filter is turned into SQL, and keeps no
 * copy (as engagement does with the mailer). The sessions are then turned into the contacts whose
 * form submissions carry them, in one query (list-contact-ids-of-sessions.ts: one pass over the
 * submissions, which pages would each repeat), and the contact ids join the filter as
 * engagement's do (segment-filter.ts).
 * "Any available lot" asks the inventory for the lots first (no lot available: nobody, analytics
 * not asked). A filter without such conditions asks nobody.
 */
import {
  LEAD_SESSIONS_PAGE,
  type LeadSessions,
  type LeadSessionsInput,
  type PublicLots,
  type SegmentCondition,
  type SegmentFilter,
} from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { listContactIdsOfSessions } from './list-contact-ids-of-sessions.ts';

export type LeadSessionsLookup = (input: LeadSessionsInput) => Promise<LeadSessions>;
export type LotsLookup = () => Promise<Pick<PublicLots, 'lots'>>;

/** The contacts of every lead session analytics names for `ask`. */
async function contactsOfLeads(
  knex: Knex,
  lookup: LeadSessionsLookup,
  ask: LeadSessionsInput['ask'],
): Promise<number[]> {
  const sessions: string[] = [];
  for (let after = ''; ;) {
    const page = await lookup({ ask, after, limit: LEAD_SESSIONS_PAGE });
    for (const id of page.sessionIds) sessions.push(id);
    if (!page.more || page.sessionIds.length === 0) break;
    after = page.sessionIds.at(-1)!;
  }
  return listContactIdsOfSessions(knex, sessions);
}

/** The contact ids of each visit condition of `filter` (nobody asked when it has none). */
export async function visitorsOf(
  knex: Knex,
  filter: SegmentFilter,
  lookups: { leadSessions?: LeadSessionsLookup; lots?: LotsLookup },
): Promise<Map<SegmentCondition, number[]>> {
  const visitors = new Map<SegmentCondition, number[]>();
  let available: number[] | undefined;
  for (const c of filter.conditions) {
    if (c.field !== 'first_touch' && !(c.field === 'lot' && c.op !== 'asked_about')) continue;
    const { leadSessions, lots } = lookups;
    if (!leadSessions) throw new Error('first-touch and lot view conditions need analytics');
    if (c.field === 'first_touch') {
      visitors.set(c, await contactsOfLeads(knex, leadSessions, { kind: 'first_touch_campaign', campaign: c.value }));
    } else if (c.op === 'viewed') {
      visitors.set(c, await contactsOfLeads(knex, leadSessions, { kind: 'viewed_lots', lotNumbers: [c.lotNumber] }));
    } else {
      if (!lots) throw new Error('"viewed any available lot" needs the inventory');
      available ??= (await lots()).lots.filter((l) => l.status === 'available').map((l) => l.number);
      visitors.set(
        c,
        available.length
          ? await contactsOfLeads(knex, leadSessions, { kind: 'viewed_lots', lotNumbers: available })
          : [],
      );
    }
  }
  return visitors;
}
