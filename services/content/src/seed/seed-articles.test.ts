import { describe, expect, it } from 'vitest';
import { site } from '@lp/contracts';
import { readSeedMarkdown, SEED_ARTICLES } from './seed-articles.ts';

describe('seed articles', () => {
  it("name the site's phone and lender from the site facts, never a copy of them", () => {
    const all = SEED_ARTICLES.map((a) => readSeedMarkdown(a.slug)).join('\n');
    expect(all).not.toMatch(/\{(phone|lender|lenderPhone)\}/);
    expect(all).toContain(site.phone);
    expect(all).toContain(site.lender.name);
    for (const a of SEED_ARTICLES) {
      const raw = readSeedMarkdown(a.slug);
      expect(raw.length).toBeGreaterThan(1000);
    }
  });
});
