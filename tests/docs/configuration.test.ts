/**
 * The configuration reference and `.env.example` agree with the schemas that parse the
 * configuration: docs/configuration.md is what `pnpm docs:config` writes today, every setting
 * has a description, and `.env.example` lists every key once, with its default or empty.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_REFERENCE_FILE,
  CONFIG_SECTIONS,
  renderConfigReference,
  type Setting,
} from '../../scripts/config-reference.ts';

const ENV_EXAMPLE = fileURLToPath(new URL('../../.env.example', import.meta.url));

/** `KEY=value   # comment` lines of .env.example, in order (a value never holds a space). */
const envExampleEntries = () =>
  readFileSync(ENV_EXAMPLE, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const m = /^([A-Z][A-Z0-9_]*)=(\S*)/.exec(line);
      return m ? [{ key: m[1]!, value: m[2]! }] : [];
    });

/** Every setting of every process; a key two schemas share (NATS_URL) keeps its optional form. */
const settings = new Map<string, Setting>();
for (const s of CONFIG_SECTIONS.flatMap((section) => section.settings))
  if (!settings.has(s.key)) settings.set(s.key, s);

describe('configuration reference (docs/configuration.md)', () => {
  it('is what pnpm docs:config writes from the schemas (run pnpm docs:config after changing a setting)', async () => {
    const written = readFileSync(CONFIG_REFERENCE_FILE, 'utf8');
    expect(written, 'docs/configuration.md is out of date: run pnpm docs:config').toBe(await renderConfigReference());
  });

  it('gives every setting a description and the range its schema allows', () => {
    const undescribed = [...settings.values()].filter((s) => !s.description).map((s) => s.key);
    expect(undescribed, "add v.description('…') (described(…)) to these settings' schemas").toEqual([]);
    expect(settings.get('CONTACT_RATE_LIMIT')?.allowed).toEqual(['integer 1–10,000']);
    expect(settings.get('PIXEL_BATCH_MAX_HITS')).toMatchObject({ default: undefined, allowed: ['integer 1–1,000'] });
    expect(settings.get('COOKIE_SECURE')).toMatchObject({ required: false, default: undefined });
  });
});

describe('.env.example', () => {
  const entries = envExampleEntries();

  it('lists each key once', () => {
    const seen = new Set<string>();
    const twice = entries.filter(({ key }) => (seen.has(key) ? true : (seen.add(key), false))).map((e) => e.key);
    expect(twice).toEqual([]);
  });

  it('lists only keys a schema parses, each with its default or empty', () => {
    const unknown = entries.filter(({ key }) => !settings.has(key)).map((e) => e.key);
    expect(unknown, 'keys no configuration schema reads').toEqual([]);
    const wrong = entries
      .filter(({ key, value }) => value !== '' && value !== settings.get(key)?.default)
      .map(({ key, value }) => `${key}=${value} (default ${settings.get(key)?.default ?? 'unset'})`);
    expect(wrong).toEqual([]);
  });

  it('lists every key a schema parses', () => {
    const listed = new Set(entries.map((e) => e.key));
    expect([...settings.keys()].filter((key) => !listed.has(key))).toEqual([]);
  });
});
