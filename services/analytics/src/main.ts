/** Runs analytics as its own process (distributed mode): `pnpm service analytics`. */
import { runService } from '@lp/runtime';
import { analyticsService } from './app.ts';

await runService(analyticsService);
