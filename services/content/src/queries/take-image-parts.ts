/**
 * Removes and returns the staged parts of an upload, in order. Also clears parts of uploads
 * abandoned more than an hour ago, so a broken upload never stays behind for long.
 */
import type { Knex } from '@lp/runtime';

export async function takeImageParts(knex: Knex, uploadId: string): Promise<{ index: number; data: Buffer }[]> {
  const rows: { index: number; data: Uint8Array }[] = await knex
    .withSchema('content')
    .table('image_parts')
    .where({ upload_id: uploadId })
    .delete()
    .returning(['index', 'data']);
  await knex
    .withSchema('content')
    .table('image_parts')
    .where('created_at', '<', knex.raw(`now() - interval '1 hour'`))
    .delete();
  return rows.map((r) => ({ index: r.index, data: Buffer.from(r.data) })).sort((a, b) => a.index - b.index);
}
