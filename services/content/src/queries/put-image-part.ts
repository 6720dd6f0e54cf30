/** Stages one part of an upload; a re-sent part replaces the earlier copy. */
import type { Knex } from '@lp/runtime';

export async function putImagePart(knex: Knex, part: { uploadId: string; index: number; data: Buffer }): Promise<void> {
  await knex
    .withSchema('content')
    .table('image_parts')
    .insert({ upload_id: part.uploadId, index: part.index, data: part.data })
    .onConflict(['upload_id', 'index'])
    .merge(['data', 'created_at']);
}
