/**
 * The web app's feature boundaries as the workspace's ESLint setup enforces them
 * (`import/no-restricted-paths` in eslint.config.js): what it refuses and what it lets through,
 * linted as files at their real places so imports resolve to real modules.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives `code` placed at `file` (under web/src). */
async function boundaryProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}web/src/${file}` });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

const dashboardFile = 'features/dashboard/components/dashboard-shell.tsx';
const heroFile = 'features/home/components/hero-section.tsx';
const personFields =
  "import { PersonFields } from '../../submissions/components/person-fields';\nexport { PersonFields };";

describe('feature boundaries', { timeout: 30_000 }, () => {
  it.each([
    ['shared UI', "import { Dialog } from '../../../components/ui/dialog';\nexport { Dialog };"],
    ['shared lib', "import { apiRequest } from '../../../lib/api-request';\nexport { apiRequest };"],
    ['its own folder', "import { DashboardNav } from './dashboard-nav';\nexport { DashboardNav };"],
    ["another feature's public entry", "import { AnalyticsPage } from '../../analytics';\nexport { AnalyticsPage };"],
    ['a package', "import useSWR from 'swr';\nexport { useSWR };"],
  ])('lets a feature import %s', async (_what, code) => {
    expect(await boundaryProblems(dashboardFile, code)).toEqual([]);
  });

  it('lets app/ compose any feature, internals included', async () => {
    const code = "import { HeroSection } from '../../features/home/components/hero-section';\nexport { HeroSection };";
    expect(await boundaryProblems('app/routes/home.tsx', code)).toEqual([]);
  });

  it("refuses another feature's internals in imports, re-exports, lazy imports and tests", async () => {
    expect(await boundaryProblems(dashboardFile, personFields)).toHaveLength(1);
    expect(
      await boundaryProblems(heroFile, "export { filterArticles } from '../../blog/lib/filter-articles';"),
    ).toHaveLength(1);
    const lazy = "export const page = () => import('../../lot-map/components/lot-map-page');";
    expect(await boundaryProblems(heroFile, lazy)).toHaveLength(1);
    expect(await boundaryProblems('features/dashboard/components/dashboard-nav.test.tsx', personFields)).toHaveLength(
      1,
    );
  });

  it('refuses any feature in the shared parts', async () => {
    const code = "import { BlogListPage } from '../../features/blog';\nexport { BlogListPage };";
    const [message] = await boundaryProblems('components/ui/dialog.tsx', code);
    expect(message).toMatch(/Shared parts \(components\/, lib\/\) import no feature/);
  });
});
