/**
 * Page modules (`app/routes/*.tsx`) as lazy chunks that can be loaded before render: the server
 * and the client's hydration both call `preloadPage` first, so the first render is synchronous
 * and matches the prerendered HTML; later navigations suspend as usual.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PageModule = { default: ComponentType };

const modules = import.meta.glob<PageModule>('./routes/*.tsx');
const loaded = new Map<string, ComponentType>();
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

function loaderOf(page: string): () => Promise<PageModule> {
  const load = modules[`./routes/${page}.tsx`];
  if (!load) throw new Error(`No page module app/routes/${page}.tsx`);
  return load;
}

/** Loads a page's chunk; afterwards `PageOutlet` renders it without suspending. */
export async function preloadPage(page: string): Promise<void> {
  if (loaded.has(page)) return;
  const mod = await loaderOf(page)();
  loaded.set(page, mod.default);
}

export function PageOutlet({ page }: { page: string }) {
  const Ready = loaded.get(page);
  if (Ready) return <Ready />;
  let Lazy = lazies.get(page);
  if (!Lazy) {
    Lazy = lazy(async () => {
      await preloadPage(page);
      return { default: loaded.get(page) as ComponentType };
    });
    lazies.set(page, Lazy);
  }
  return <Lazy />;
}
