/**
 * `pnpm bench <name>`: runs one benchmark script of this folder and prints its figures.
 * Benchmarks report ratios against a baseline measured in the same run; they are never
 * part of the test suite.
 */
const benches: Record<string, string> = {
  'cold-start': './cold-start.ts',
  web: './web-lighthouse.ts',
  import: './contact-import.ts',
  send: './send.ts',
  inbound: './inbound.ts',
};
const name = process.argv[2];
const file = name ? benches[name] : undefined;
if (!file) {
  process.stderr.write(`usage: pnpm bench <${Object.keys(benches).join('|')}>\n`);
  process.exit(2);
}
await import(new URL(file, import.meta.url).href);
