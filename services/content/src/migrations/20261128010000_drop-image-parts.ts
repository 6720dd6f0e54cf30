/**
 * Uploads no longer arrive in parts: the gateway hands an image over whole through the bus's
 * large payloads, so the staging table goes (parts of uploads in progress during the deploy are
 * lost; the uploader sends the image again).
 */
import type { Knex } from '@lp/runtime';
import { up as createImageParts } from './20261122140200_create-image-parts.ts';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.withSchema('content').dropTableIfExists('image_parts');
}

// Back to the table as it was first created.
export const down = createImageParts;
