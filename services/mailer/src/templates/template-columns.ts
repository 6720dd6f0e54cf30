/**
 * A template as staff typed it → the columns stored: content sanitised under the e-mail policy
 * (merge tags were checked by the input schema: an unknown tag is refused). A block template's
 * content is rendered from its blocks here (`renderBlocks`, lot cards read from the inventory),
 * whatever content the request carried, so what is sent is what the editor previewed; an HTML
 * template keeps no blocks.
 */
import type * as v from 'valibot';
import type { TemplateInputSchema } from '@lp/contracts';
import { badRequest, type Bus, type Logger } from '@lp/runtime';
import type { TemplateColumns } from '../queries/template-row.ts';
import { readBlockLots } from './blocks/read-block-lots.ts';
import { renderBlocks } from './blocks/render-blocks.ts';
import { sanitizeEmailHtml } from './sanitize-email-html.ts';

/** A template's fields as the input schema gives them (defaults applied). */
export type TemplateFields = v.InferOutput<typeof TemplateInputSchema>;

/** What rendering a block template needs: the inventory (over the bus) and the site's public address. */
export type RenderDeps = { bus: Bus; log: Logger; publicUrl: string };

export async function templateColumns(deps: RenderDeps, t: TemplateFields): Promise<TemplateColumns> {
  const common = {
    name: t.name,
    subject: t.subject,
    description: t.description,
    preview_text: t.previewText,
    category: t.category,
  };
  if (t.editor === 'html') return { ...common, editor: 'html', blocks: null, content: sanitizeEmailHtml(t.content) };
  if (!t.blocks) throw badRequest('Add at least one block', { fields: { blocks: ['Add at least one block'] } });
  const lots = await readBlockLots(deps, t.blocks);
  const content = await renderBlocks(t.blocks, { publicUrl: deps.publicUrl, lots });
  return { ...common, editor: 'blocks', blocks: JSON.stringify(t.blocks), content };
}
