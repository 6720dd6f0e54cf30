/**
 * A block template as e-mail HTML: blocks → MJML → the responsive, table-based HTML that MJML
 * writes for every client (Outlook's ghost tables included), then the e-mail HTML policy. The
 * one renderer of block templates: the mailer stores its output as the template's content when
 * the template is saved, and the editor's preview asks for the same output, so staff see what
 * recipients get. Staff text is escaped (text blocks go through `formatBlockText`), URLs are
 * checked by the contracts' schema before they get here, images are the product's own uploads
 * made absolute with the site's public address, and a lot card reads the lot as visitors see it.
 * Merge tags are left as written: the send path fills them per recipient.
 */
import mjml2html from 'mjml';
import {
  LOT_STATUS_LABELS,
  escapeHtml,
  lotPath,
  site,
  type ColumnBlock,
  type EmailBlock,
  type PublicLot,
} from '@lp/contracts';
import { badRequest } from '@lp/runtime';
import { sanitizeEmailHtml } from '../sanitize-email-html.ts';
import { formatBlockText } from './format-block-text.ts';

export type BlockRenderContext = {
  /** The site's public origin (MAIL_PUBLIC_URL): images and lot pages are addressed from it. */
  publicUrl: string;
  /** The lots the blocks name, by number (from the inventory). */
  lots: ReadonlyMap<number, PublicLot>;
};

const BODY_WIDTH = 600;
const FONT = 'Helvetica, Arial, sans-serif';
const INK = '#1c1917';
const BRAND = '#1d4ed8';
const PARAGRAPH = `margin:0 0 12px;font-size:16px;line-height:1.5;color:${INK}`;

/** Attribute value as MJML reads it back out (it writes attribute values as given). */
const attr = (s: string) => escapeHtml(oneLine(s));
/** A one-line field's text (heading, label, alt): any line break typed is a space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const line = (s: string) => escapeHtml(oneLine(s));
const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

/** The text of a lot's figures as visitors read them: size, then price or why there is none. */
export function lotFacts(lot: PublicLot): { size: string; price: string | null; status: string } {
  return {
    size: `${lot.sizeSqFt.toLocaleString('en-US')} sq ft`,
    // A sold lot's price is never shown (as on the site).
    price: lot.price === null ? null : `$${lot.price.toLocaleString('en-US')}`,
    status: LOT_STATUS_LABELS[lot.status],
  };
}

function renderColumnBlock(b: ColumnBlock, ctx: BlockRenderContext): string {
  switch (b.type) {
    case 'text':
      return `<mj-text>${formatBlockText(b.text, PARAGRAPH)}</mj-text>`;
    case 'image':
      return `<mj-image src="${attr(absolute(ctx.publicUrl, b.src))}" alt="${attr(b.alt)}"${
        b.href ? ` href="${attr(b.href)}"` : ''
      } />`;
    case 'button':
      return `<mj-button href="${attr(b.url)}">${line(b.label)}</mj-button>`;
  }
}

function renderLotCard(lotNumber: number, photo: string, ctx: BlockRenderContext): string {
  const lot = ctx.lots.get(lotNumber);
  // The save refuses an unknown lot before rendering (`readBlockLots`); this is only a guard.
  if (!lot) return '';
  const facts = lotFacts(lot);
  const url = absolute(ctx.publicUrl, lotPath(lot.number));
  const src = absolute(ctx.publicUrl, photo || site.social.image);
  const statusColor = lot.status === 'available' ? '#166534' : lot.status === 'reserved' ? '#92400e' : '#57534e';
  return (
    `<mj-section background-color="#f5f5f4" padding="16px 0">` +
    `<mj-column width="45%" vertical-align="middle"><mj-image src="${attr(src)}" alt="${attr(`Lot ${lot.number}`)}" href="${attr(url)}" padding="8px 12px" /></mj-column>` +
    `<mj-column width="55%" vertical-align="middle">` +
    `<mj-text padding="8px 12px"><h3 style="margin:0 0 6px;font-size:20px;line-height:1.3;color:${INK}">Lot ${lot.number}</h3>` +
    `<p style="margin:0 0 4px;font-size:15px;line-height:1.5;color:${INK}">${escapeHtml(facts.size)}${
      facts.price ? ` · <strong>${escapeHtml(facts.price)}</strong>` : ''
    }</p>` +
    `<p style="margin:0;font-size:14px;line-height:1.5;font-weight:700;color:${statusColor}">${escapeHtml(facts.status)}</p></mj-text>` +
    `<mj-button href="${attr(url)}" align="left" padding="8px 12px">See lot ${lot.number}</mj-button>` +
    `</mj-column></mj-section>`
  );
}

function renderBlock(b: EmailBlock, ctx: BlockRenderContext): string {
  switch (b.type) {
    case 'heading': {
      const size = b.level === 2 ? 22 : 28;
      return `<mj-text><h${b.level} style="margin:0;font-size:${size}px;line-height:1.25;font-weight:700;color:${INK}">${line(b.text)}</h${b.level}></mj-text>`;
    }
    case 'divider':
      return `<mj-divider border-width="1px" border-color="#d6d3d1" />`;
    case 'spacer':
      return `<mj-spacer height="${b.height}px" />`;
    case 'text':
    case 'image':
    case 'button':
      return renderColumnBlock(b, ctx);
    case 'columns':
    case 'lot':
      return '';
  }
}

/** The blocks as one MJML document: runs of simple blocks share a section; columns and lot cards get their own. */
export function blocksToMjml(blocks: readonly EmailBlock[], ctx: BlockRenderContext): string {
  const sections: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) sections.push(`<mj-section><mj-column>${run.join('')}</mj-column></mj-section>`);
    run = [];
  };
  for (const b of blocks) {
    if (b.type === 'columns') {
      flush();
      sections.push(
        `<mj-section>${b.columns
          .map((col) => `<mj-column>${col.map((c) => renderColumnBlock(c, ctx)).join('')}</mj-column>`)
          .join('')}</mj-section>`,
      );
    } else if (b.type === 'lot') {
      flush();
      sections.push(renderLotCard(b.lotNumber, b.photo, ctx));
    } else run.push(renderBlock(b, ctx));
  }
  flush();
  return (
    `<mjml lang="en"><mj-head><mj-attributes>` +
    `<mj-all font-family="${FONT}" />` +
    `<mj-text font-size="16px" line-height="1.5" color="${INK}" padding="8px 24px" />` +
    `<mj-image padding="8px 24px" />` +
    `<mj-button background-color="${BRAND}" color="#ffffff" font-size="16px" font-weight="700" inner-padding="12px 24px" padding="12px 24px" />` +
    `<mj-divider padding="16px 24px" />` +
    `<mj-section padding="8px 0" />` +
    `</mj-attributes></mj-head>` +
    `<mj-body width="${BODY_WIDTH}px">${sections.join('')}</mj-body></mjml>`
  );
}

/** Declarations Gmail or Outlook do not support at all (caniemail's data): dropped, the layout does not need them. */
const UNSUPPORTED: ReadonlySet<string> = new Set(['border-radius', 'word-break', 'border-spacing', 'overflow']);
const propertyOf = (declaration: string) => declaration.slice(0, declaration.indexOf(':')).trim().toLowerCase();

/**
 * MJML's indentation removed: each line trimmed, lines joined without a space next to a tag.
 * Staff text never holds a newline here (one-line fields are `oneLine`, text's breaks are <br>).
 */
function withoutIndentation(html: string): string {
  let out = '';
  for (const raw of html.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    out += out && !out.endsWith('>') && !line.startsWith('<') ? ` ${line}` : line;
  }
  return out;
}

/**
 * MJML's output made to use only what every Gmail and Outlook supports (checked with
 * `@jsx-email/doiuse-email` in the tests). Its responsive columns rely on `@media` (which Gmail's
 * mobile web mail and Outlook for Windows do not support); instead each column is a fluid
 * inline block with a maximum width: side by side where there is room, stacked on a phone, with
 * no media query (Outlook for Windows keeps MJML's ghost tables). `role` attributes (unsupported
 * by Windows Mail) and the declarations in `UNSUPPORTED` go; they only round corners or wrap words.
 */
export function withClientSafeMarkup(html: string): string {
  return (
    withoutIndentation(html)
      .replace(/<style\b[^>]*>[^<]*@media[^<]*<\/style>/gi, '')
      // Thunderbird's copy of the same column widths, applied by a `media` attribute.
      .replace(/<style [^>]*media=[^>]*>[^<]*<\/style>/gi, '')
      .replace(/ role="[^"]*"/gi, '')
      .replace(
        /class="mj-column-per-(\d+)((?: [^"]*)?)" style="([^"]*)"/g,
        (whole, pct: string, rest: string, css: string) =>
          Number(pct) < 100
            ? `class="mj-column-per-${pct}${rest}" style="${css.replace(/;$/, '')};max-width:${Math.floor((BODY_WIDTH * Number(pct)) / 100)}px;"`
            : whole,
      )
      .replace(/ style="([^"]*)"/gi, (_whole, css: string) => {
        const kept = css.split(';').filter((d) => d.trim() && !UNSUPPORTED.has(propertyOf(d)));
        return kept.length ? ` style="${kept.join(';')}"` : '';
      })
  );
}

const TOO_LARGE = 'The e-mail is too large: use fewer or shorter blocks';

/** The blocks as the e-mail HTML a template stores (the policy applied, merge tags as written). */
export async function renderBlocks(blocks: readonly EmailBlock[], ctx: BlockRenderContext): Promise<string> {
  const { html, errors } = await mjml2html(blocksToMjml(blocks, ctx), {
    validationLevel: 'soft',
    fonts: {},
    keepComments: false,
    ignoreIncludes: true,
  });
  if (errors.length) throw new Error(`MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const content = sanitizeEmailHtml(withClientSafeMarkup(html));
  // The most a template's or a send's content may hold (contracts' email.ts).
  if (content.length > 500_000) throw badRequest(TOO_LARGE, { fields: { blocks: [TOO_LARGE] } });
  return content;
}
