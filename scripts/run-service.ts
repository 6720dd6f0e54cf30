/**
 * `pnpm service <name>`: runs one process of the distributed mode (gateway, crm, mailer,
 * analytics, content or inventory) against NATS_URL and DATABASE_URL.
 */
const name = process.argv[2];
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
