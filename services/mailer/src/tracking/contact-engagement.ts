/**
 * Keeps `mailer.contact_engagement` (when each contact last opened and last clicked, as a person)
 * current: called in the transaction that stored opens or clicks of these deliveries, after the
 * machine rules flagged them (a rule can turn an earlier open or click into a machine's, so each
 * touched contact's times are worked out again from all their events, not just raised). The
 * contacts' rows are locked first, in contact order, so two transactions storing events of the
 * same contact take turns and the second reads the first's events: neither time goes back.
 */
import type { Knex } from '@lp/runtime';

export async function refreshContactEngagement(trx: Knex.Transaction, deliveryIds: readonly number[]): Promise<void> {
  if (deliveryIds.length === 0) return;
  const ids = [...new Set(deliveryIds)];
  const { rows } = await trx.raw<{ rows: { contact_id: number }[] }>(
    `insert into mailer.contact_engagement as e (contact_id)
     select distinct contact_id from mailer.deliveries where id = any(?::bigint[]) order by 1
     on conflict (contact_id) do update set contact_id = e.contact_id
     returning contact_id`,
    [ids],
  );
  await trx.raw(
    `update mailer.contact_engagement e
        set last_opened_at = x.last_opened_at, last_clicked_at = x.last_clicked_at
       from (select d.contact_id,
                    max(t.at) filter (where t.kind = 'open' and not t.is_proxy) as last_opened_at,
                    max(t.at) filter (where t.kind = 'click' and not t.is_scanner) as last_clicked_at
               from mailer.deliveries d join mailer.tracking_events t on t.delivery_id = d.id
              where d.contact_id = any(?::integer[]) and t.kind in ('open', 'click')
              group by d.contact_id) x
      where e.contact_id = x.contact_id`,
    [rows.map((r) => r.contact_id)],
  );
}
