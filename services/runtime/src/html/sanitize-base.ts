/**
 * What every HTML policy of the product shares (blog articles, e-mail templates, inbound mail),
 * whatever tags and attributes it keeps: the elements removed together with their content (raw
 * text, foreign content, plugins, document head), no protocol-relative URLs, disallowed tags
 * discarded, inline styles left to each policy's own filter, and no image without a usable
 * source (nothing but a broken box). Plain options that `sanitize-html` takes as they are.
 */

/** Elements dropped with everything inside them. */
export const DROP_WITH_CONTENT: readonly string[] = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'title',
  'svg',
  'math',
  'select',
  'plaintext',
  'head',
  'meta',
  'link',
  'base',
];

type Frame = { tag: string; attribs: Record<string, string> };

/** The shared part of a policy; spread it first and add the policy's own tags and rules. */
export function strictHtmlBase(alsoDrop: readonly string[] = []) {
  return {
    nonTextTags: [...DROP_WITH_CONTENT, ...alsoDrop],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard' as const,
    parseStyleAttributes: false,
    exclusiveFilter: (frame: Frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}
