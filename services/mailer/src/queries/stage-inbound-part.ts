/** Keeps one part of an inbound message (a redelivered part is a no-op); answers how many of its parts are here. */
import type { Knex } from '@lp/runtime';
import type { InboundMailPart } from '@lp/contracts';

export async function stageInboundPart(knex: Knex, part: InboundMailPart): Promise<number> {
  await knex
    .withSchema('mailer')
    .table('inbound_parts')
    .insert({
      upload_key: part.uploadKey,
      index: part.index,
      count: part.count,
      mail_key: part.mailKey,
      data: Buffer.from(part.dataBase64, 'base64'),
    })
    .onConflict(['upload_key', 'index'])
    .ignore();
  const [row] = await knex
    .withSchema('mailer')
    .table('inbound_parts')
    .where({ upload_key: part.uploadKey })
    .count<{ n: number }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}
