/** The live preview: a sandboxed frame (no scripts, no same origin) showing the rendered message. */
import { useMemo } from 'react';
import { renderEmailPreview } from '../lib/render-email-preview';

export function EmailPreviewFrame({ html, title = 'Email preview' }: { html: string; title?: string }) {
  const doc = useMemo(() => renderEmailPreview(html), [html]);
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={doc}
      className="h-[32rem] w-full rounded-lg border border-stone-300 bg-white"
    />
  );
}
