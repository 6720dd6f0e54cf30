/**
 * Segment conditions on what visitors did on the site (the first-touch campaign, viewed lot N,
 * viewed any available lot) are analytics' facts: crm asks analytics for the lead sessions, a
 * page of up to 10,000 at a time (fewer when long ids fill it: analytics says when there are
 * more), right before the filter is turned into SQL, and keeps no copy (as engagement does with
 * the mailer). "Any available lot" asks the inventory for the lots first
 * (no lot available: no session, analytics not asked). The sessions then join the query as one
 * array parameter, matched to contacts through the session id of their form submissions.
 * A filter without such conditions asks nobody.
 */
import type { LeadSessions, LeadSessionsInput, PublicLots, SegmentCondition, SegmentFilter } from '@lp/contracts';

export type LeadSessionsLookup = (input: LeadSessionsInput) => Promise<LeadSessions>;
export type LotsLookup = () => Promise<Pick<PublicLots, 'lots'>>;

const PAGE = 10_000;

async function allSessions(lookup: LeadSessionsLookup, ask: LeadSessionsInput['ask']): Promise<string[]> {
  const ids: string[] = [];
  for (let after = ''; ;) {
    const page = await lookup({ ask, after, limit: PAGE });
    for (const id of page.sessionIds) ids.push(id);
    if (!page.more || page.sessionIds.length === 0) return ids;
    after = page.sessionIds.at(-1)!;
  }
}

/** The lead sessions of each visit condition of `filter` (none asked when it has none). */
export async function visitsOf(
  filter: SegmentFilter,
  lookups: { leadSessions?: LeadSessionsLookup; lots?: LotsLookup },
): Promise<Map<SegmentCondition, string[]>> {
  const sessions = new Map<SegmentCondition, string[]>();
  let available: number[] | undefined;
  for (const c of filter.conditions) {
    if (c.field !== 'first_touch' && !(c.field === 'lot' && c.op !== 'asked_about')) continue;
    const { leadSessions, lots } = lookups;
    if (!leadSessions) throw new Error('first-touch and lot view conditions need analytics');
    if (c.field === 'first_touch') {
      sessions.set(c, await allSessions(leadSessions, { kind: 'first_touch_campaign', campaign: c.value }));
    } else if (c.op === 'viewed') {
      sessions.set(c, await allSessions(leadSessions, { kind: 'viewed_lots', lotNumbers: [c.lotNumber] }));
    } else {
      if (!lots) throw new Error('"viewed any available lot" needs the inventory');
      available ??= (await lots()).lots.filter((l) => l.status === 'available').map((l) => l.number);
      sessions.set(
        c,
        available.length ? await allSessions(leadSessions, { kind: 'viewed_lots', lotNumbers: available }) : [],
      );
    }
  }
  return sessions;
}
