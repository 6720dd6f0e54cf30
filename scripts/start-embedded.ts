/**
 * The whole product in one process — the gateway and every service on PGlite (persisted under
 * DATA_DIR) and the in-process bus. No database or NATS to set up. `pnpm start` runs it through
 * scripts/start.ts (web build check, database created in a child on a first start); `pnpm dev`
 * runs it directly.
 */
import { resolve } from 'node:path';
import { GatewayConfigSchema, startPlatform } from '@lp/gateway';
import { mailerSettings } from '@lp/mailer/config';
import { createLogger, onShutdown, parseConfig, processEnvWithDotEnv } from '@lp/runtime';
import { ALL_SERVICES } from './services.ts';

const started = performance.now();
const environment = processEnvWithDotEnv();
const config = parseConfig(GatewayConfigSchema, environment);
// Parsed by the mailer as it starts, from the same environment.
const { MAIL_PUBLIC_URL } = mailerSettings.parse(environment);
const log = createLogger('platform', config.LOG_LEVEL);
const platform = await startPlatform({
  config,
  log,
  services: ALL_SERVICES,
  webDist: resolve(config.WEB_DIST),
  env: environment,
  generateFirstAdmin: true,
});
const ms = Math.round(performance.now() - started);
log.info({ url: platform.url, mode: platform.db.kind, bootMs: ms }, 'ready');

const lines = [`\n  Lake Powell Lots is running at ${platform.url}  (ready in ${ms} ms)`];
const fa = platform.firstAdmin;
if (fa.created && fa.from === 'generated')
  lines.push(
    `  Staff dashboard: ${platform.url}/marketing — sign in as "${fa.username}";`,
    `  the generated password is in ${fa.passwordFile}`,
  );
else if (fa.created) lines.push(`  Staff dashboard: ${platform.url}/marketing — sign in as "${fa.username}"`);
else lines.push(`  Staff dashboard: ${platform.url}/marketing`);
lines.push(
  `  Links in e-mails (tracking, unsubscribe) point to ${MAIL_PUBLIC_URL}` +
    (MAIL_PUBLIC_URL === platform.url ? ' (set MAIL_PUBLIC_URL to the public address)' : ''),
);
process.stdout.write(`${lines.join('\n')}\n\n`);

onShutdown(() => [['platform', () => platform.stop()]], log);
