/**
 * Data a page was rendered with on the server (e.g. blog articles published after the build):
 * provided by `render(url, { data })`, embedded in the HTML as JSON, read back on the client.
 */
import { createContext, useContext, type ReactNode } from 'react';

export type PageData = Record<string, unknown>;

const PAGE_DATA_ID = 'lp-page-data';
const Context = createContext<PageData>({});

function readEmbedded(): PageData {
  if (typeof document === 'undefined') return {};
  const el = document.getElementById(PAGE_DATA_ID);
  try {
    return el?.textContent ? (JSON.parse(el.textContent) as PageData) : {};
  } catch {
    return {};
  }
}

export function PageDataProvider({ value, children }: { value?: PageData; children: ReactNode }) {
  return <Context.Provider value={value ?? readEmbedded()}>{children}</Context.Provider>;
}

export function usePageData(): PageData {
  return useContext(Context);
}

/** The `<script type="application/json">` carrying page data, or '' when there is none. */
export function serializePageData(data: PageData): string {
  if (Object.keys(data).length === 0) return '';
  return `\n    <script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
