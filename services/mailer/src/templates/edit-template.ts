/**
 * Saves a template's fields (content sanitised, or rendered from its blocks) over the version
 * they were based on: 404 when there is no template with this id, 409 when it has been saved
 * since that version (the stale copy changes nothing). A block template may become an HTML one;
 * an HTML template stays HTML (a 400: its HTML cannot be turned into blocks). Journey steps
 * sending the template take the new copy in the same transaction (refresh-journey-mail.ts).
 */
import { STALE_EDIT_MESSAGES, type Template } from '@lp/contracts';
import { badRequest, conflict, notFound, type Knex } from '@lp/runtime';
import { refreshJourneyMail } from '../journeys/refresh-journey-mail.ts';
import { findTemplate } from '../queries/find-template.ts';
import { updateTemplate } from '../queries/update-template.ts';
import { templateColumns, type RenderDeps, type TemplateFields } from './template-columns.ts';
import { toTemplate } from './to-template.ts';

export const HTML_STAYS_HTML = 'An HTML template stays HTML: create a new template to use blocks';

export async function editTemplate(
  deps: RenderDeps & { knex: Knex },
  id: number,
  version: number,
  t: TemplateFields,
): Promise<Template> {
  const stored = await findTemplate(deps.knex, id);
  if (!stored) throw notFound('Template not found');
  if (stored.editor === 'html' && t.editor === 'blocks')
    throw badRequest(HTML_STAYS_HTML, { fields: { editor: [HTML_STAYS_HTML] } });
  const columns = await templateColumns(deps, t);
  const row = await deps.knex.transaction(async (trx) => {
    const updated = await updateTemplate(trx, id, version, columns);
    if (updated) await refreshJourneyMail(trx, id);
    return updated;
  });
  if (row) return toTemplate(row);
  if (await findTemplate(deps.knex, id)) throw conflict(STALE_EDIT_MESSAGES.template);
  throw notFound('Template not found');
}
