/** The feature-boundary lint rule: what it refuses and what it lets through. */
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import tseslint from 'typescript-eslint';
import { noCrossFeatureImports } from './no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const dashboardFile = '/repo/web/src/features/dashboard/components/login-screen.tsx';

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    { filename: dashboardFile, code: "import { TextInput } from '../../../components/form/form-controls';" },
    { filename: dashboardFile, code: "import { apiRequest } from '../../../lib/api-request';" },
    { filename: dashboardFile, code: "import { login } from '../api/login';" },
    { filename: dashboardFile, code: "import { BlogAdminPage } from '../../blog-admin';" },
    { filename: dashboardFile, code: "import { BlogAdminPage } from '../../blog-admin/index.ts';" },
    { filename: dashboardFile, code: "import { useSWRConfig } from 'swr';" },
    // Pages compose features; they are not a feature.
    { filename: '/repo/web/src/app/routes/home.tsx', code: "import { X } from '../../features/home/components/x';" },
  ],
  invalid: [
    {
      filename: dashboardFile,
      code: "import { TextInput } from '../../submissions/components/person-fields';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/web/src/features/submissions/components/contact-page-form.tsx',
      code: "import { X } from '@/features/dashboard/components/spinner';",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/web/src/features/home/components/hero-section.tsx',
      code: "export { X } from '../../blog/lib/filter-articles'; const l = () => import('../../lot-map/components/lot-map-page');",
      errors: [{ messageId: 'internals' }, { messageId: 'internals' }],
    },
    {
      filename: '/repo/web/src/features/home/components/video-facade.test.tsx',
      code: "vi.mock('../../weather/lib/forecast', () => ({}));",
      errors: [{ messageId: 'internals' }],
    },
    {
      filename: '/repo/web/src/components/ui/section.tsx',
      code: "import { useArticles } from '../../features/blog';",
      errors: [{ messageId: 'shared' }],
    },
  ],
});
