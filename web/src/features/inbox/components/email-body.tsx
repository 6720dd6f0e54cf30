/**
 * An email's body: sanitised HTML in a sandboxed frame that runs no script, with remote images
 * blocked until the reader clicks 'Show images'; or the plain text, as text.
 */
import { useState } from 'react';
import { buildEmailDocument } from '../lib/build-email-document';

type Props = { html: string; text: string; hasRemoteImages: boolean };

export function EmailBody({ html, text, hasRemoteImages }: Props) {
  const [showImages, setShowImages] = useState(false);
  if (!html.trim())
    return (
      <pre className="max-h-[55vh] overflow-auto rounded-lg bg-stone-50 p-4 font-sans text-sm whitespace-pre-wrap text-stone-900 ring-1 ring-stone-200 [overflow-wrap:anywhere]">
        {text || '(no content)'}
      </pre>
    );
  return (
    <div>
      {hasRemoteImages && !showImages && (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          <span>Remote images are blocked to protect your privacy.</span>
          <button
            type="button"
            onClick={() => setShowImages(true)}
            className="min-h-9 rounded-md bg-white px-3 font-semibold ring-1 ring-amber-300 hover:bg-amber-100"
          >
            Show images
          </button>
        </div>
      )}
      <iframe
        title="Email content"
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={buildEmailDocument(html, showImages)}
        className="h-[55vh] min-h-64 w-full rounded-lg bg-white ring-1 ring-stone-200"
      />
    </div>
  );
}
