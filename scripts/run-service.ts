/**
 * `pnpm service <name>`: runs one process of the distributed mode (gateway, crm, mailer,
 * analytics, content or inventory; or SERVICE in the environment) against NATS_URL and DATABASE_URL.
 * The service runs in this process (imported, never a child), and the package script `exec`s
 * node, so the SIGTERM a supervisor sends the command reaches the service, which drains and
 * exits 0, and nothing is left holding its ports.
 */
const name = process.argv[2] ?? process.env.SERVICE;
const entries: Record<string, string> = {
  gateway: '../services/gateway/src/main.ts',
  crm: '../services/crm/src/main.ts',
  mailer: '../services/mailer/src/main.ts',
  analytics: '../services/analytics/src/main.ts',
  content: '../services/content/src/main.ts',
  inventory: '../services/inventory/src/main.ts',
};
const entry = name ? entries[name] : undefined;
if (!entry) {
  process.stderr.write(`usage: pnpm service <${Object.keys(entries).join('|')}>\n`);
  process.exit(2);
}
await import(new URL(entry, import.meta.url).href);
