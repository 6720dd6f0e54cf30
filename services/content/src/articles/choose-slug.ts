/**
 * Picks an article's slug inside the writing transaction: an explicit slug must be free
 * (409 with a field error otherwise); a generated one gets `-2`, `-3`… until it is. Two writers
 * racing for the same slug meet the unique index; `withSlugRetry` runs the loser again.
 */
import { AppError, type Knex } from '@lp/runtime';
import { findTakenSlugs } from '../queries/find-taken-slugs.ts';
import { firstFreeSlug, slugifyTitle } from './slugify-title.ts';

export async function chooseSlug(
  trx: Knex,
  opts: { explicit: string | undefined; title: string; exceptId?: number },
): Promise<string> {
  if (opts.explicit) {
    const taken = await findTakenSlugs(trx, opts.explicit, opts.exceptId);
    if (taken.has(opts.explicit))
      throw new AppError(409, 'conflict', 'That slug is already used by another article', {
        fields: { slug: ['This slug is already used by another article'] },
      });
    return opts.explicit;
  }
  const base = slugifyTitle(opts.title);
  return firstFreeSlug(base, await findTakenSlugs(trx, base, opts.exceptId));
}

const isSlugClash = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: string }).code === '23505' &&
  String((err as { constraint?: string; message?: string }).constraint ?? (err as Error).message).includes('slug');

export async function withSlugRetry<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!isSlugClash(err) || attempt >= attempts) throw err;
    }
  }
}
