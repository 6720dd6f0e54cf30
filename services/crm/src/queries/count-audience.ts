/**
 * How many mailable contacts (never 'unsubscribed' or 'bounced') an audience has now: the
 * members of a list, the contacts a segment matches, or the contacts with the given addresses.
 * The mailer shows it as a scheduled send's expected size.
 */
import type { Audience } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { segmentAudienceWhere } from './segment-audience.ts';
import type { SegmentContext } from './segment-engagement.ts';

export async function countAudience(
  knex: Knex,
  audience: Audience,
  context: SegmentContext = { timeZone: 'UTC' },
): Promise<{ count: number }> {
  const q = knex.withSchema('crm').table('contacts as c').whereNotIn('c.status', ['unsubscribed', 'bounced']);
  if ('listId' in audience) q.join('list_members as m', 'm.contact_id', 'c.id').where('m.list_id', audience.listId);
  else if ('segmentId' in audience) {
    const where = await segmentAudienceWhere(knex, audience.segmentId, context);
    q.whereRaw(`(${where.sql})`, where.bindings);
  } else q.whereRaw('lower(c.email) = any(?)', [audience.emails.map((e) => e.toLowerCase())]);
  const [row] = await q.count<{ n: number }[]>({ n: '*' });
  return { count: row?.n ?? 0 };
}
