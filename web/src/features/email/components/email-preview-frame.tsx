/** The live preview: a sandboxed frame (no scripts, no same origin) showing the rendered message. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { renderEmailPreview } from '../lib/render-email-preview';

/** How long typing pauses before the preview follows (each document gets a frame of its own). */
const PREVIEW_PAUSE_MS = 200;

export function EmailPreviewFrame({ html, title = 'Email preview' }: { html: string; title?: string }) {
  const [shown, setShown] = useState(html);
  useEffect(() => {
    if (html === shown) return;
    const timer = setTimeout(() => setShown(html), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [html, shown]);
  const version = useRef(0);
  // A fresh frame for each document: Chromium 156 can leave a frame showing its old document when
  // only its srcdoc changes (typed content did not appear), while a new frame always loads its own.
  const preview = useMemo(() => ({ doc: renderEmailPreview(shown), version: ++version.current }), [shown]);
  return (
    <iframe
      key={preview.version}
      title={title}
      sandbox=""
      srcDoc={preview.doc}
      className="h-[32rem] w-full rounded-lg border border-stone-300 bg-white"
    />
  );
}
