/** The editor's preview of a block template: its blocks rendered exactly as a save would store them. */
import type { EmailBlock, RenderedBlocks } from '@lp/contracts';
import type { RenderDeps } from '../template-columns.ts';
import { readBlockLots } from './read-block-lots.ts';
import { renderBlocks } from './render-blocks.ts';

export async function previewBlocks(deps: RenderDeps, blocks: readonly EmailBlock[]): Promise<RenderedBlocks> {
  const lots = await readBlockLots(deps, blocks);
  return { html: await renderBlocks(blocks, { publicUrl: deps.publicUrl, lots }) };
}
