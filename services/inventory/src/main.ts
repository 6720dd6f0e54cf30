/** Runs inventory as its own process (distributed mode): `pnpm service inventory`. */
import { runService } from '@lp/runtime';
import { inventoryService } from './app.ts';

await runService(inventoryService);
