/** Runs the mailer as its own process (distributed mode): `pnpm service mailer`. */
import { runService } from '@lp/runtime';
import { mailerService } from './app.ts';

await runService(mailerService);
