/**
 * Relative links in the documentation resolve: every `[text](path#heading)` in the root README,
 * bench/README.md, docs/ and the packages' READMEs names a file that exists and, when it names
 * a heading of a Markdown file, a heading that file has (slugged as GitHub does). Links inside
 * code are not links; web addresses are not checked.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The Markdown files whose links are checked. */
const documentationFiles = (root: string) => {
  const inDir = (dir: string) =>
    existsSync(join(root, dir))
      ? readdirSync(join(root, dir))
          .filter((f) => f.endsWith('.md'))
          .map((f) => join(root, dir, f))
      : [];
  const packageReadmes = ['services', 'web', 'contracts']
    .flatMap((dir) => {
      const path = join(root, dir);
      if (!existsSync(path)) return [];
      return [join(path, 'README.md'), ...readdirSync(path).map((d) => join(path, d, 'README.md'))];
    })
    .filter((f) => existsSync(f) && statSync(f).isFile());
  return [join(root, 'README.md'), join(root, 'bench', 'README.md'), ...inDir('docs'), ...packageReadmes].filter((f) =>
    existsSync(f),
  );
};

/** Markdown without fenced code blocks and inline code, where brackets are not links. */
const withoutCode = (md: string) =>
  md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));

/** GitHub's heading ids: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function headingIds(md: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  const text = md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const line of text.split('\n')) {
    const level = /^#{1,6} /.exec(line);
    if (!level) continue;
    let heading = line.slice(level[0].length);
    while (/[\s#]$/.test(heading)) heading = heading.slice(0, -1);
    const base = heading
      .replace(/\]\([^)]*\)/g, '')
      .replace(/[*`]/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    ids.add(n === 0 ? base : `${base}-${n}`);
  }
  return ids;
}

/** `file: link (why)` for every relative link that does not resolve. */
export function brokenLinks(files: string[], root: string): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const md = readFileSync(file, 'utf8');
    for (const [, target] of withoutCode(md).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto:
      const [path = '', anchor] = target!.split('#');
      const resolved = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      const where = `${relative(root, file)}: ${target}`;
      if (!existsSync(resolved)) {
        problems.push(`${where} (no such file)`);
      } else if (anchor && resolved.endsWith('.md') && !headingIds(readFileSync(resolved, 'utf8')).has(anchor)) {
        problems.push(`${where} (no such heading in ${relative(root, resolved)})`);
      }
    }
  }
  return problems;
}

describe('documentation links', () => {
  it('resolve to files and headings that exist', () => {
    const files = documentationFiles(ROOT);
    expect(files.map((f) => relative(ROOT, f))).toEqual(expect.arrayContaining(['README.md', 'bench/README.md']));
    expect(brokenLinks(files, ROOT)).toEqual([]);
  });

  it('are reported when the file or the heading is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
    try {
      writeFileSync(join(dir, 'other.md'), '# Other page\n\n## Two ways to run, one code path\n');
      writeFileSync(
        join(dir, 'README.md'),
        [
          '[ok](other.md#two-ways-to-run-one-code-path) [ok](#a-heading) [web](https://example.com)',
          '[gone](missing.md) [no heading](other.md#three-ways) `[in code](nowhere.md)`',
          '',
          '## A heading',
        ].join('\n'),
      );
      expect(brokenLinks([join(dir, 'README.md')], dir)).toEqual([
        'README.md: missing.md (no such file)',
        'README.md: other.md#three-ways (no such heading in other.md)',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
