/**
 * The block editor's model of an e-mail (templates made by people who do not write HTML): a list
 * of blocks — heading, text, image, button, divider, spacer, two columns (each holding text,
 * image and button blocks) and a lot card filled from the inventory. The mailer renders them
 * (blocks → MJML → responsive HTML) when a template is saved and for the editor's preview, so the
 * preview and the delivered mail come from the same code. A template records which editor made
 * it (`TEMPLATE_EDITORS`): a block template can be switched to HTML, never back.
 *
 * Text is a small, safe formatting model, not HTML: `**bold**`, `*italic*`, `[label](https://…)`,
 * a blank line between paragraphs; the renderer escapes everything else. Links and buttons go to
 * http(s) or mailto addresses only; images are the product's own uploads (`/media/…`), made
 * absolute with the site's public address when rendered.
 */
import * as v from 'valibot';
import { storable } from './text.ts';
import { findUnknownMergeTags, isMergeTag, unknownMergeTagsMessage } from './email-html.ts';
import { LEAD_MERGE_TAGS } from './lead-merge-tags.ts';

export const TEMPLATE_EDITORS = ['html', 'blocks'] as const;
export type TemplateEditor = (typeof TEMPLATE_EDITORS)[number];

export const EMAIL_BLOCKS_MAX = 60;
export const BLOCK_TEXT_MAX = 5000;
export const BLOCK_SPACER_HEIGHTS = [8, 16, 24, 32, 48, 64] as const;

// Browsers ignore ASCII whitespace and control characters inside a URL's scheme.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f]/;

/** A link or button target: absolute http(s) or mailto, no spaces or control characters. */
export function isBlockUrl(url: string): boolean {
  if (CONTROL_OR_SPACE.test(url) || /["'<>\\]/.test(url)) return false;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(url)) return true;
  return /^https?:\/\/[^/?#]+/i.test(url);
}

export const BLOCK_URL_MESSAGE = 'Use an address starting with https://, http:// or mailto:';

/** Images a block may show: the product's own uploads in the types every mail client shows. */
export const BLOCK_IMAGE_PATTERN = /^\/media\/[a-f0-9]{64}\.(jpg|png|gif)$/;
export const BLOCK_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

/** Merge tags a block may hold: the campaigns' own and, as in any template, the instant replies' ones. */
const knownTag = (tag: string) => isMergeTag(tag.slice(2, -2)) || Object.hasOwn(LEAD_MERGE_TAGS, tag.slice(2, -2));
const knownTagsOnly = v.check<string, (issue: v.CheckIssue<string>) => string>(
  (s) => findUnknownMergeTags(s).every(knownTag),
  (issue) => unknownMergeTagsMessage(findUnknownMergeTags(String(issue.input)).filter((t) => !knownTag(t))),
);
const text = (max: number, message: string) =>
  v.pipe(v.string(message), v.maxLength(max, `At most ${max} characters`), storable(), knownTagsOnly);
const required = (max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, `At most ${max} characters`),
    storable(),
    knownTagsOnly,
  );
const blockId = v.pipe(v.string(), v.regex(/^[\w-]{1,40}$/));
const url = v.pipe(v.string(BLOCK_URL_MESSAGE), v.trim(), v.maxLength(2000), v.check(isBlockUrl, BLOCK_URL_MESSAGE));
const imageSrc = v.pipe(v.string('Upload an image'), v.regex(BLOCK_IMAGE_PATTERN, 'Upload a JPEG, PNG or GIF image'));

export const HeadingBlockSchema = v.object({
  id: blockId,
  type: v.literal('heading'),
  text: required(200, 'Write the heading'),
  level: v.optional(v.picklist([1, 2]), 1),
});
export const TextBlockSchema = v.object({
  id: blockId,
  type: v.literal('text'),
  text: required(BLOCK_TEXT_MAX, 'Write some text'),
});
export const ImageBlockSchema = v.object({
  id: blockId,
  type: v.literal('image'),
  src: imageSrc,
  alt: text(300, 'Describe the image'),
  /** Where a click on the image goes; none when empty. */
  href: v.optional(v.union([v.literal(''), url]), ''),
});
export const ButtonBlockSchema = v.object({
  id: blockId,
  type: v.literal('button'),
  label: required(80, 'Write the button text'),
  url,
});
export const DividerBlockSchema = v.object({ id: blockId, type: v.literal('divider') });
export const SpacerBlockSchema = v.object({
  id: blockId,
  type: v.literal('spacer'),
  height: v.picklist(BLOCK_SPACER_HEIGHTS),
});
/** What a column may hold. */
export const ColumnBlockSchema = v.variant('type', [TextBlockSchema, ImageBlockSchema, ButtonBlockSchema]);
export const ColumnsBlockSchema = v.object({
  id: blockId,
  type: v.literal('columns'),
  columns: v.tuple([
    v.pipe(v.array(ColumnBlockSchema), v.maxLength(10)),
    v.pipe(v.array(ColumnBlockSchema), v.maxLength(10)),
  ]),
});
/** A lot from the inventory: its number, size, price and status are read when the mail is rendered. */
export const LotBlockSchema = v.object({
  id: blockId,
  type: v.literal('lot'),
  lotNumber: v.pipe(v.number('Choose a lot'), v.integer(), v.minValue(1, 'Choose a lot'), v.maxValue(9999)),
  /** A photo staff uploaded for the card; the site's own picture when none (the inventory holds no photos). */
  photo: v.optional(v.union([v.literal(''), imageSrc]), ''),
});

export const EmailBlockSchema = v.variant('type', [
  HeadingBlockSchema,
  TextBlockSchema,
  ImageBlockSchema,
  ButtonBlockSchema,
  DividerBlockSchema,
  SpacerBlockSchema,
  ColumnsBlockSchema,
  LotBlockSchema,
]);
export type EmailBlock = v.InferOutput<typeof EmailBlockSchema>;
export type ColumnBlock = v.InferOutput<typeof ColumnBlockSchema>;
export type EmailBlockType = EmailBlock['type'];

export const EmailBlocksSchema = v.pipe(
  v.array(EmailBlockSchema),
  v.minLength(1, 'Add at least one block'),
  v.maxLength(EMAIL_BLOCKS_MAX, `At most ${EMAIL_BLOCKS_MAX} blocks`),
);

/** `POST /api/marketing/templates/preview`: blocks to render as the mailer would save them. */
export const RenderBlocksInputSchema = v.object({ blocks: EmailBlocksSchema });
export const RenderedBlocksSchema = v.object({ html: v.string() });
export type RenderedBlocks = v.InferOutput<typeof RenderedBlocksSchema>;
