/** Stores an image under its SHA-256; storing the same bytes again is a no-op. */
import type { Knex } from '@lp/runtime';
import type { StoredImageType } from '@lp/contracts';

export async function insertImage(
  knex: Knex,
  image: { sha256: string; contentType: StoredImageType; data: Buffer },
): Promise<void> {
  await knex
    .withSchema('content')
    .table('images')
    .insert({ sha256: image.sha256, content_type: image.contentType, size: image.data.length, data: image.data })
    .onConflict('sha256')
    .ignore();
}
