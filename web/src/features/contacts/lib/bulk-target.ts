import type { ContactSelection } from '@lp/contracts';

/** What a bulk action applies to: hand-picked contacts or all matching the search, and how many. */
export type BulkTarget = { selection: ContactSelection; count: number };
