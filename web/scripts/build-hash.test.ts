import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordWebBuild, webBuildNeeded } from './build-hash.ts';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lpl-build-hash-'));
  write('web/src/app.tsx', 'export const App = () => null;');
  write('web/index.html', '<div id="root"></div>');
  write('contracts/src/site.ts', "export const SITE = { phone: '(928) 555-0142' };");
  for (const out of ['client/index.html', 'client/404.html', 'server/entry-server.js', 'server/page-shell.json'])
    write(`web/dist/${out}`, 'built');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('pnpm start builds the web app only when needed', () => {
  it('builds when no build of these sources was recorded, and not again once recorded', () => {
    expect(webBuildNeeded(root)).toMatch(/no record/);
    recordWebBuild(root);
    expect(webBuildNeeded(root)).toBeNull();
  });

  it('builds again when a web source or a site fact changes, or a file is added', () => {
    recordWebBuild(root);
    write('web/src/app.tsx', 'export const App = () => "changed";');
    expect(webBuildNeeded(root)).toMatch(/changed/);
    recordWebBuild(root);
    write('contracts/src/site.ts', "export const SITE = { phone: '(928) 555-0199' };");
    expect(webBuildNeeded(root)).toMatch(/changed/);
    recordWebBuild(root);
    write('web/src/new-page.tsx', 'export {};');
    expect(webBuildNeeded(root)).toMatch(/changed/);
  });

  it('builds when an output the gateway needs is missing', () => {
    recordWebBuild(root);
    rmSync(join(root, 'web/dist/server/entry-server.js'));
    expect(webBuildNeeded(root)).toBe('web/dist/server/entry-server.js is missing');
  });

  it('ignores what the build itself writes, and tests', () => {
    recordWebBuild(root);
    write('web/src/app.test.tsx', 'it.todo("renders");');
    write('web/src/test/render.ts', 'export {};');
    write('contracts/src/site.test.ts', 'it.todo("site");');
    write('web/dist/client/assets/app-1234.js', 'bundle');
    write('web/node_modules/.vite/cache.json', '{}');
    expect(webBuildNeeded(root)).toBeNull();
  });
});
