/** The parts of one upload, joined in order and deleted (inside the caller's transaction). */
import type { Knex } from '@lp/runtime';

export async function takeInboundParts(trx: Knex.Transaction, uploadKey: string): Promise<Buffer> {
  const rows = await trx
    .withSchema('mailer')
    .table('inbound_parts')
    .where({ upload_key: uploadKey })
    .orderBy('index')
    .forUpdate()
    .select<{ data: Buffer }[]>('data');
  await trx.withSchema('mailer').table('inbound_parts').where({ upload_key: uploadKey }).delete();
  return Buffer.concat(rows.map((r) => Buffer.from(r.data)));
}
