/** Runs crm as its own process (distributed mode): `pnpm service crm`. */
import { runService } from '@lp/runtime';
import { crmService } from './app.ts';

await runService(crmService);
