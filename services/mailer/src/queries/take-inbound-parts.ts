/**
 * The parts of one upload, inside the caller's transaction: joined in order and deleted
 * (`takeInboundParts`), or locked and read one at a time (`lockInboundParts`, `readInboundPart`)
 * and then deleted (`deleteInboundParts`), so a framed upload is never held whole.
 */
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

/** Locks an upload's parts; answers how many there are (0: another delivery took them). */
export async function lockInboundParts(trx: Knex.Transaction, uploadKey: string): Promise<number> {
  const rows = await trx
    .withSchema('mailer')
    .table('inbound_parts')
    .where({ upload_key: uploadKey })
    .forUpdate()
    .select<{ index: number }[]>('index');
  return rows.length;
}

export async function readInboundPart(trx: Knex.Transaction, uploadKey: string, index: number): Promise<Buffer> {
  const row = await trx
    .withSchema('mailer')
    .table('inbound_parts')
    .where({ upload_key: uploadKey, index })
    .first<{ data: Buffer } | undefined>('data');
  if (!row) throw new Error(`part ${index} of upload ${uploadKey} is missing`);
  return Buffer.from(row.data);
}

export async function deleteInboundParts(trx: Knex.Transaction, uploadKey: string): Promise<void> {
  await trx.withSchema('mailer').table('inbound_parts').where({ upload_key: uploadKey }).delete();
}
