/**
 * The mailer's audience, a page at a time (keyset on id): the members of a list, the contacts a
 * segment matches now, or the contacts with the given addresses — only mailable ones, never
 * 'unsubscribed' or 'bounced'. A segment deleted before its send starts matches nobody.
 */
import type { Audience, MailableContact } from '@lp/contracts';
import type { Knex } from '@lp/runtime';
import { segmentAudienceWhere } from './segment-audience.ts';
import type { SegmentContext } from './segment-engagement.ts';

export async function resolveAudience(
  knex: Knex,
  input: { audience: Audience; afterId: number; limit: number },
  context: SegmentContext = { timeZone: 'UTC' },
): Promise<{ contacts: MailableContact[] }> {
  const q = knex
    .withSchema('crm')
    .table('contacts as c')
    .whereNotIn('c.status', ['unsubscribed', 'bounced'])
    .andWhere('c.id', '>', input.afterId)
    .orderBy('c.id')
    .limit(input.limit)
    .select('c.id', 'c.email', 'c.first_name', 'c.last_name');
  if ('listId' in input.audience)
    q.join('list_members as m', 'm.contact_id', 'c.id').where('m.list_id', input.audience.listId);
  else if ('segmentId' in input.audience) {
    const where = await segmentAudienceWhere(knex, input.audience.segmentId, context);
    q.whereRaw(`(${where.sql})`, where.bindings);
  } else q.whereRaw('lower(c.email) = any(?)', [input.audience.emails.map((e) => e.toLowerCase())]);
  const rows = (await q) as { id: number; email: string; first_name: string | null; last_name: string | null }[];
  return {
    contacts: rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
    })),
  };
}
