/** Type, total size and one slice (from `offset`, at most `length` bytes) of a stored image. */
import type { Knex } from '@lp/runtime';
import type { StoredImageType } from '@lp/contracts';

type ImageSliceRow = { contentType: StoredImageType; size: number; data: Buffer };

export async function readImageSlice(
  knex: Knex,
  sha256: string,
  offset: number,
  length: number,
): Promise<ImageSliceRow | undefined> {
  const row: { content_type: StoredImageType; size: number; slice: Uint8Array } | undefined = await knex
    .withSchema('content')
    .table('images')
    .where({ sha256 })
    .first('content_type', 'size', knex.raw('substring(data from ?::int for ?::int) as slice', [offset + 1, length]));
  return row ? { contentType: row.content_type, size: row.size, data: Buffer.from(row.slice) } : undefined;
}
