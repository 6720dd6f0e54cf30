/** A delivery by id, or the latest one to an address (provider events without our id). */
import type { Knex } from '@lp/runtime';

export type DeliveryRef = { id: number; campaign_id: number; contact_id: number; email: string };

export async function findDelivery(knex: Knex, by: { id?: number; email?: string }): Promise<DeliveryRef | undefined> {
  const q = knex.withSchema('mailer').table('deliveries').select('id', 'campaign_id', 'contact_id', 'email');
  const row = by.id
    ? await q.where({ id: by.id }).first()
    : by.email
      ? await q.whereRaw('lower(email) = lower(?)', [by.email]).orderBy('id', 'desc').first()
      : undefined;
  return row ? { ...(row as DeliveryRef), id: Number((row as DeliveryRef).id) } : undefined;
}
