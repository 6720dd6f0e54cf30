/**
 * Runs the gateway as its own process (distributed mode): `pnpm service gateway`.
 * Needs NATS_URL and DATABASE_URL; the background services run as their own processes.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger, onShutdown, parseConfig, redactUrl } from '@lp/runtime';
import { GatewayConfigSchema } from './config.ts';
import { startPlatform } from './platform.ts';

const config = parseConfig(GatewayConfigSchema);
const log = createLogger('gateway', config.LOG_LEVEL);
if (!config.NATS_URL || !config.DATABASE_URL) {
  log.fatal('the gateway process needs NATS_URL and DATABASE_URL; for one process run `pnpm start`');
  process.exit(1);
}
log.info({ nats: redactUrl(config.NATS_URL), database: redactUrl(config.DATABASE_URL) }, 'starting');
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const webDist = resolve(repoRoot, config.WEB_DIST);
const platform = await startPlatform({ config, log, services: [], webDist });
log.info({ url: platform.url }, 'listening');
onShutdown(() => [['platform', () => platform.stop()]], log);
