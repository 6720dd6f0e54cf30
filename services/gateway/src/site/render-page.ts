/**
 * Renders the pages the web build marks as rendered per request (blog list and articles) with
 * the built server entry and HTML shell (`web/dist/server`), so what crawlers and visitors get
 * is current without a rebuild. The entry is loaded on first use.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AppError } from '@lp/runtime';

type ServerEntry = {
  render(url: string, opts: { data: Record<string, unknown> }): Promise<{ html: string; head: string; status: number }>;
};
type Shell = { template: string; preload: Record<string, string> };

export type RenderedPage = { html: string; status: number };

export function createPageRenderer(webDist: string) {
  const serverDir = resolve(webDist, 'server');
  let loaded: Promise<{ entry: ServerEntry; shell: Shell }> | undefined;
  const load = () => {
    loaded ??= (async () => {
      const [entry, shell] = await Promise.all([
        import(pathToFileURL(join(serverDir, 'entry-server.js')).href) as Promise<ServerEntry>,
        readFile(join(serverDir, 'page-shell.json'), 'utf8').then((t) => JSON.parse(t) as Shell),
      ]);
      return { entry, shell };
    })();
    loaded.catch(() => (loaded = undefined));
    return loaded;
  };

  return async function renderPage(url: string, page: string, data: Record<string, unknown>): Promise<RenderedPage> {
    let built: { entry: ServerEntry; shell: Shell };
    try {
      built = await load();
    } catch {
      throw new AppError(503, 'unavailable', 'The web app is not built yet. Run `pnpm build`.');
    }
    const { html, head, status } = await built.entry.render(url, { data });
    const document = built.shell.template
      .replace('<!--app-head-->', () => head + (built.shell.preload[page] ?? ''))
      .replace('<!--app-html-->', () => html);
    return { html: document, status };
  };
}
