/**
 * The block template's preview: the blocks rendered by the mailer exactly as a save stores them
 * (asked again a moment after each change, once the blocks are complete), shown in the sandboxed
 * preview frame at desktop (640 px) or phone (375 px) width.
 */
import { useEffect, useState } from 'react';
import type { EmailBlock } from '@lp/contracts/email-blocks';
import { ErrorAlert } from '../../../../components/ui/error-state';
import { errorMessage } from '../../../../lib/error-message';
import { previewBlocks } from '../../api/template-blocks';
import { blockErrorsOf } from '../../lib/email-blocks';
import { EmailPreviewFrame } from '../email-preview-frame';

const WIDTHS = { Desktop: 640, Phone: 375 } as const;
type Width = keyof typeof WIDTHS;
/** How long editing pauses before the preview is asked for. */
const PREVIEW_PAUSE_MS = 400;

export function BlockPreview({ blocks, onRendered }: { blocks: EmailBlock[]; onRendered: (html: string) => void }) {
  const [width, setWidth] = useState<Width>('Desktop');
  const [html, setHtml] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const complete = Object.keys(blockErrorsOf(blocks)).length === 0;

  useEffect(() => {
    if (!complete) return;
    let current = true;
    const timer = setTimeout(() => {
      previewBlocks(blocks).then(
        (r) => {
          if (!current) return;
          setHtml(r.html);
          setProblem(null);
          onRendered(r.html);
        },
        (err: unknown) => {
          if (current) setProblem(errorMessage(err, 'The preview could not be made. Please try again.'));
        },
      );
    }, PREVIEW_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [blocks, complete, onRendered]);

  return (
    <div className="self-start xl:sticky xl:top-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-stone-800">Preview</h2>
        <div role="group" aria-label="Preview width" className="flex gap-1">
          {(Object.keys(WIDTHS) as Width[]).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={width === w}
              onClick={() => setWidth(w)}
              className="min-h-8 rounded px-3 text-sm font-semibold ring-1 ring-stone-300 aria-pressed:bg-lake-800 aria-pressed:text-white"
            >
              {`${w} (${WIDTHS[w]} px)`}
            </button>
          ))}
        </div>
      </div>
      {problem && <ErrorAlert>{problem}</ErrorAlert>}
      {!complete && <p className="mb-2 text-sm text-stone-600">The preview follows once every block is filled in.</p>}
      <div className="overflow-x-auto">
        <div style={{ width: WIDTHS[width] }} className="mx-auto max-w-none">
          {html === null ? (
            <p role="status" className="rounded-lg border border-stone-300 bg-white p-4 text-stone-600">
              {complete ? 'Preparing the preview…' : 'No content to preview'}
            </p>
          ) : (
            <EmailPreviewFrame html={html} />
          )}
        </div>
      </div>
    </div>
  );
}
