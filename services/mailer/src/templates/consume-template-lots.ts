/**
 * Consumes `inventory.lot.changed` with its own durable (`mailer-template-lots`): every block
 * template with a lot card of the changed lot is rendered again from its blocks with the lots as
 * the inventory has them now, so a price or status shown in a template is never older than the
 * last change (a template is rendered when saved; without this it would keep the figures of that
 * moment). Only `content` is written, under the version read (a staff save in between rendered
 * afresh itself), and the version is not moved: nobody's open editor becomes stale. Journey
 * steps sending a re-rendered template take the new copy in the same transaction.
 *
 * Rendering from the inventory as it is now (not from the event) makes a redelivery or an
 * out-of-order change harmless. The lot alerts' durable parks what can never succeed.
 */
import { DURABLES, LotChangedSchema, type EmailBlock } from '@lp/contracts';
import { AppError, defineConsumer } from '@lp/runtime';
import { mailerSettings } from '../config.ts';
import { refreshJourneyMail } from '../journeys/refresh-journey-mail.ts';
import { readBlockLots } from './blocks/read-block-lots.ts';
import { renderBlocks } from './blocks/render-blocks.ts';

export const consumeTemplateLots = defineConsumer({
  durable: DURABLES.mailerTemplateLots,
  schema: LotChangedSchema,
  unusable: 'skip',
  handle: async (event, deps) => {
    const { knex, log, counters } = deps;
    const templates = (await knex
      .withSchema('mailer')
      .table('templates')
      .where({ editor: 'blocks' })
      .whereRaw('blocks @> ?::jsonb', [JSON.stringify([{ type: 'lot', lotNumber: event.lot.number }])])
      .select('id', 'version', 'blocks', 'content')) as {
      id: number;
      version: number;
      blocks: EmailBlock[] | string;
      content: string;
    }[];
    const publicUrl = mailerSettings.of(deps).MAIL_PUBLIC_URL;
    for (const t of templates) {
      const blocks = (typeof t.blocks === 'string' ? JSON.parse(t.blocks) : t.blocks) as EmailBlock[];
      let content: string;
      try {
        content = await renderBlocks(blocks, { publicUrl, lots: await readBlockLots(deps, blocks) });
      } catch (err) {
        // A card naming a lot the inventory no longer has: the template says so when next opened.
        if (err instanceof AppError && err.status < 500) {
          log.warn({ templateId: t.id, err: err.message }, 'block template not re-rendered');
          counters.inc('mailer_template_renders_total', { outcome: 'refused' });
          continue;
        }
        throw err;
      }
      if (content === t.content) continue;
      await knex.transaction(async (trx) => {
        const n = await trx
          .withSchema('mailer')
          .table('templates')
          .where({ id: t.id, version: t.version })
          .update({ content });
        if (n) await refreshJourneyMail(trx, t.id);
      });
      counters.inc('mailer_template_renders_total', { outcome: 'rendered' });
      log.info({ templateId: t.id, lot: event.lot.number }, 'block template rendered again after a lot change');
    }
  },
});
