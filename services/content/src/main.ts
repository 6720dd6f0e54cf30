/** Runs content as its own process (distributed mode): `pnpm service content`. */
import { runService } from '@lp/runtime';
import { contentService } from './app.ts';

await runService(contentService);
