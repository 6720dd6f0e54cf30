/**
 * ESLint rule: a web feature imports no other feature's internals. Files under
 * `web/src/features/<name>/` may import their own folder, `components/`, `lib/`, `app/`-level
 * shared modules and packages; another feature only through its public entry
 * (`features/<other>/index.ts`). Files under `components/` and `lib/` import no feature at all.
 * Pages in `app/` compose features and are not restricted.
 */
import path from 'node:path';

const ENTRY = /^index\.(ts|tsx)$/;

/** The app's source root (…/web/src) of a file, or null outside it. */
function srcRootOf(file) {
  const i = file.split(path.sep).join('/').lastIndexOf('/web/src/');
  return i < 0 ? null : file.slice(0, i + '/web/src'.length);
}

/** Where a file sits: its feature's name, 'shared' for components/ and lib/, or null. */
function areaOf(src, file) {
  const rel = path.relative(src, file).split(path.sep).join('/');
  const m = /^(features\/([^/]+)|components|lib)\//.exec(rel);
  if (!m) return null;
  return m[2] ? { feature: m[2] } : { shared: true };
}

/** The feature an import lands in and the path inside it, for relative and `@/` imports. */
function targetOf(src, file, source) {
  let abs;
  if (source.startsWith('.')) abs = path.resolve(path.dirname(file), source);
  else if (source.startsWith('@/')) abs = path.resolve(src, source.slice(2));
  else return null;
  const rel = path.relative(path.join(src, 'features'), abs).split(path.sep);
  if (rel[0] === '..' || rel[0] === '' || path.isAbsolute(rel[0])) return null;
  return { feature: rel[0], inner: rel.slice(1) };
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: "a web feature imports no other feature's internals" },
    messages: {
      internals:
        "features/{{from}} imports features/{{to}}'s internals ({{source}}). Move shared parts to components/ or lib/, let the page in app/ compose the two, or import features/{{to}}'s public entry (index.ts).",
      shared: '{{where}} must not import a feature ({{source}}): shared code depends on no feature.',
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const src = srcRootOf(file);
    const area = src && areaOf(src, file);
    if (!area) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = targetOf(src, file, source);
      if (!target) return;
      if (area.shared) {
        context.report({ node, messageId: 'shared', data: { where: 'components/ and lib/', source } });
        return;
      }
      if (target.feature === area.feature) return;
      const publicEntry = target.inner.length === 0 || (target.inner.length === 1 && ENTRY.test(target.inner[0]));
      if (!publicEntry)
        context.report({ node, messageId: 'internals', data: { from: area.feature, to: target.feature, source } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // vi.mock('../../other/x') reaches into another feature as surely as an import does.
      CallExpression: (node) => {
        const c = node.callee;
        const arg = node.arguments[0];
        if (c.type === 'MemberExpression' && c.object.name === 'vi' && /^(mock|doMock)$/.test(c.property.name ?? ''))
          if (arg && arg.type === 'Literal') check(arg, arg.value);
      },
    };
  },
};
