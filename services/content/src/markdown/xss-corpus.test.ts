/**
 * The article HTML policy against an XSS corpus (OWASP cheat-sheet style, plus mutation-XSS and
 * Markdown-link vectors). Each vector goes through both paths an article takes: Markdown
 * rendering + sanitising on save, and sanitising again on serve. An independent checker then
 * reads the output and fails on any tag, attribute or URL outside the allow-list.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';
import { sanitizeArticleHtml } from './sanitize-article-html.ts';

const ALLOWED: Record<string, readonly string[]> = {
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  pre: [],
  code: ['class'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['align'],
  td: ['align'],
  em: [],
  strong: [],
  del: [],
  hr: [],
  br: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
};

const decode = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A URL attribute is safe when, as a browser would read it, it is http(s), mailto or relative. */
// Browsers drop control characters and whitespace from URLs before reading the scheme.
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URLS = /[\u0000-\u0020\u007f-\u009f]/g;

function safeUrl(raw: string): boolean {
  const url = decode(raw).replace(IGNORED_IN_URLS, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) return !url.startsWith('//');
  return scheme === 'http' || scheme === 'https' || scheme === 'mailto';
}

/** Every problem found in sanitised output; [] when it is inert. */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  const tagRe = /<\s*(?:(\/)\s*)?([a-zA-Z][^\s/>]*)((?:[\s/][^>]*)?)>/g;
  for (const m of html.matchAll(tagRe)) {
    const [whole, closing, rawName, rest = ''] = m;
    const name = rawName!.toLowerCase();
    const allowed = ALLOWED[name];
    if (!allowed) {
      problems.push(`tag <${name}>: ${whole}`);
      continue;
    }
    if (closing) continue;
    const attrPart = rest.replace(/\/\s*$/, '');
    const attrRe = /(?<!\s)\s*([^\s="'>/]+)(?:="([^"]*)")?/g;
    let consumed = '';
    for (const a of attrPart.matchAll(attrRe)) {
      consumed += a[0];
      const attr = a[1]!.toLowerCase();
      const value = a[2] ?? '';
      if (!allowed.includes(attr)) problems.push(`attribute ${attr} on <${name}>`);
      if ((attr === 'href' || attr === 'src') && !safeUrl(value)) problems.push(`url ${attr}="${value}"`);
      if (attr === 'src' && !/^\/media\/[^/\\]/.test(decode(value))) problems.push(`image from elsewhere: ${value}`);
      if (attr === 'href' && /^[\s/\\]*[/\\][/\\]/.test(decode(value))) problems.push(`protocol-relative ${value}`);
      if (attr === 'class' && !/^language-[a-z0-9+#_-]+$/.test(value)) problems.push(`class "${value}"`);
    }
    if (consumed.trim() !== attrPart.trim()) problems.push(`unparsed attributes: ${whole}`);
  }
  // Anything that looks like markup but is not a well-formed tag must have been escaped.
  if (/<[a-z!?/]/i.test(html.replace(tagRe, ''))) problems.push('stray markup');
  return problems;
}

const HTML_VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC=javascript:alert(&quot;XSS&quot;)>',
  '<img/src=x/onerror=alert(1)>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<img """><script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><animate attributeName=href values=javascript:alert(1) /><a><text>x</text></a></svg>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/path">protocol-relative</a>',
  '<a href="https://example.com" onclick="alert(1)" style="color:red">x</a>',
  '<a href="javascript:alert(1)"',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:/">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<div onmouseover="alert(1)">hover</div>',
  '<code class="x onmouseover=alert(1)">c</code>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
];

const MARKDOWN_VECTORS: string[] = [
  '[x](javascript:alert(1))',
  '[x](JAVASCRIPT:alert(1))',
  '[x](  javascript:alert(1)  )',
  '[x](javas&#99;ript:alert(1))',
  '[x](data:text/html,<script>alert(1)</script>)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '<javascript:alert(1)>',
  '[x][1]\n\n[1]: javascript:alert(1)',
  '[x](vbscript:msgbox(1))',
  '[a](https://example.com "title\\" onmouseover=\\"alert(1)")',
  '```html\n<script>alert(1)</script>\n```',
  '> <img src=x onerror=alert(1)>',
  '* <svg onload=alert(1)>',
];

describe('article HTML policy: XSS corpus', () => {
  it('has at least 30 vectors', () => {
    expect(HTML_VECTORS.length + MARKDOWN_VECTORS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HTML_VECTORS)('sanitising leaves nothing executable: %s', (vector) => {
    const out = sanitizeArticleHtml(vector);
    expect(problemsIn(out)).toEqual([]);
    expect(sanitizeArticleHtml(out)).toBe(out);
  });

  it.each([...HTML_VECTORS, ...MARKDOWN_VECTORS])('rendering Markdown leaves nothing executable: %s', (vector) => {
    const saved = renderMarkdown(vector);
    expect(problemsIn(saved)).toEqual([]);
    expect(problemsIn(sanitizeArticleHtml(saved))).toEqual([]);
  });

  it('the checker itself catches what it should', () => {
    expect(problemsIn('<img src=x onerror="alert(1)">')).not.toEqual([]);
    expect(problemsIn('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toEqual([]);
    expect(problemsIn('<script>alert(1)</script>')).not.toEqual([]);
    expect(problemsIn('<p>fine <a href="https://x.example/">ok</a></p>')).toEqual([]);
    expect(problemsIn('<img src="https://tracker.example/p.gif">')).not.toEqual([]);
    expect(problemsIn('<a href="//evil.example/">x</a>')).not.toEqual([]);
  });
});

describe('article HTML policy: what it keeps', () => {
  it('keeps article structure', () => {
    const html = renderMarkdown(
      '# Title\n\nSome **bold** and _em_ and ~~old~~.\n\n- a\n- b\n\n3. c\n\n> quote\n\n```js\nconst x = 1 < 2;\n```\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n---\n\nline  \nbreak',
    );
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<ol start="3">');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<code class="language-js">const x = 1 &lt; 2;');
    expect(html).toContain('<th align="left">a</th>');
    expect(html).toContain('<hr />');
    expect(html).toContain('<br />');
  });

  it('marks external links and leaves internal and mailto ones alone', () => {
    const html = renderMarkdown(
      '[NPS](https://www.nps.gov/glca/) [lots](/builder-package-1) [home](https://lakepowelllots.com/market) [mail](mailto:info@lakepowelllots.com)',
    );
    expect(html).toContain('<a href="https://www.nps.gov/glca/" target="_blank" rel="noopener noreferrer">NPS</a>');
    expect(html).toContain('<a href="/builder-package-1">lots</a>');
    expect(html).toContain('<a href="https://lakepowelllots.com/market">home</a>');
    expect(html).toContain('<a href="mailto:info@lakepowelllots.com">mail</a>');
  });

  it('keeps /media/ images, lazily loaded, and drops source-less ones', () => {
    expect(renderMarkdown('![Bay](/media/abc.png)')).toContain(
      '<img src="/media/abc.png" alt="Bay" loading="lazy" decoding="async" />',
    );
    expect(sanitizeArticleHtml('<img alt="nothing">')).toBe('');
  });

  it('overrides a smuggled rel or target on links', () => {
    expect(sanitizeArticleHtml('<a href="/x" target="_top" rel="opener">x</a>')).toBe('<a href="/x">x</a>');
  });
});

describe('article HTML policy: images only from the site and the allow-list', () => {
  it.each([
    '<img src="https://tracker.example/pixel.gif" alt="t">',
    '<img src="http://images.example/x.jpg">',
    '<img src="//images.example/x.jpg">',
    '<img src="/\\images.example/x.jpg">',
    '<img src="data:image/svg+xml,<svg onload=alert(1)>">',
    '<img src="data:image/png;base64,iVBORw0KGgo=">',
    '<img src="/assets/logo.png">',
  ])('drops a remote or non-media image: %s', (vector) => {
    expect(sanitizeArticleHtml(vector)).toBe('');
    expect(sanitizeArticleHtml(vector, ['images.example'])).toBe('');
  });

  it('keeps https images from a configured host, and only those', () => {
    const html = '<img src="https://images.example/x.jpg" alt="x">';
    expect(sanitizeArticleHtml(html)).toBe('');
    expect(sanitizeArticleHtml(html, ['images.example'])).toContain('src="https://images.example/x.jpg"');
    expect(sanitizeArticleHtml(html, ['other.example'])).toBe('');
    expect(renderMarkdown('![x](https://tracker.example/p.gif)')).not.toContain('<img');
  });

  it('drops protocol-relative and backslash links and any class but a code language', () => {
    expect(sanitizeArticleHtml('<a href="//evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<a href="/\\evil.example/x">x</a>')).toBe('<a>x</a>');
    expect(sanitizeArticleHtml('<p class="hero">x</p><code class="language-ts big">y</code>')).toBe(
      '<p>x</p><code class="language-ts">y</code>',
    );
  });
});
