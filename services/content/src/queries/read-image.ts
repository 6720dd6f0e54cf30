/**
 * Type and bytes of a stored image; undefined when no image has that hash. The bytes come as
 * base64 text: PGlite hands a bytea column over as hex converted in JavaScript, ten times slower
 * for a 5 MB image.
 */
import type { Knex } from '@lp/runtime';
import type { StoredImageType } from '@lp/contracts';

export async function readImage(
  knex: Knex,
  sha256: string,
): Promise<{ contentType: StoredImageType; data: Buffer } | undefined> {
  const row: { content_type: StoredImageType; data: string } | undefined = await knex
    .withSchema('content')
    .table('images')
    .where({ sha256 })
    .first('content_type', knex.raw(`encode(data, 'base64') as data`));
  return row ? { contentType: row.content_type, data: Buffer.from(row.data, 'base64') } : undefined;
}
