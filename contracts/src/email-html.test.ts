import { describe, expect, it } from 'vitest';
import {
  cleanEmailStyle,
  fillMergeTags,
  findUnknownMergeTags,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
  unknownMergeTagsMessage,
} from './email-html.ts';

describe('e-mail HTML policy', () => {
  it('keeps allowed inline styles and drops the rest', () => {
    expect(cleanEmailStyle('color: red; position: fixed; background-image: url(x); font-size: 14px')).toBe(
      'color: red; font-size: 14px',
    );
    expect(cleanEmailStyle('width: expression(alert(1))')).toBe('');
  });

  it('allows http(s), mailto and the unsubscribe tag as link targets, https images only', () => {
    expect(isAllowedEmailHref('https://lakepowelllots.com/lots')).toBe(true);
    expect(isAllowedEmailHref('{{unsubscribeUrl}}')).toBe(true);
    expect(isAllowedEmailHref('java\tscript:alert(1)')).toBe(false);
    expect(isAllowedEmailHref('{{firstName}}')).toBe(false);
    expect(isAllowedEmailImageSrc('http://x.test/a.png')).toBe(false);
    expect(isAllowedEmailImageSrc('https://x.test/a.png')).toBe(true);
  });

  it('finds unknown merge tags and fills known ones, escaping HTML', () => {
    expect(findUnknownMergeTags('Hi {{firstName}} {{ nickname }} {{nickname}}')).toEqual(['{{nickname}}']);
    const values = { firstName: '<b>Al</b>', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    expect(fillMergeTags('Hi {{ firstName }} {{lastName}}', values, { html: true })).toBe(
      'Hi &lt;b&gt;Al&lt;/b&gt; Yazzie',
    );
    expect(fillMergeTags('Hi {{firstName}}', values, { html: false })).toBe('Hi <b>Al</b>');
  });

  it("knows only the product's own fields: Object's inherited names are unknown tags, left as written", () => {
    const values = { firstName: 'Al', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    const text = 'Hi {{constructor}} {{ toString }} {{__proto__}} {{hasOwnProperty}} {{firstName}}';
    expect(findUnknownMergeTags(text)).toEqual([
      '{{constructor}}',
      '{{toString}}',
      '{{__proto__}}',
      '{{hasOwnProperty}}',
    ]);
    expect(fillMergeTags(text, values, { html: false })).toBe(
      'Hi {{constructor}} {{ toString }} {{__proto__}} {{hasOwnProperty}} Al',
    );
    expect(unknownMergeTagsMessage(['{{constructor}}'])).toBe(
      'Unknown merge tag: {{constructor}}. Use one of {{firstName}}, {{lastName}}, {{email}}, {{unsubscribeUrl}}',
    );
  });

  it('scans merge tags in linear time: a brace pair and 8,000 spaces, unclosed or closed', () => {
    const values = { firstName: 'Al', lastName: 'Yazzie', email: 'a@x.test', unsubscribeUrl: 'https://u' };
    const spaces = ' '.repeat(8_000);
    // The old pattern took minutes on each of these (cubic in the run of spaces).
    expect(findUnknownMergeTags(`{{${spaces}`)).toEqual([]);
    expect(findUnknownMergeTags(`{{${spaces}}`)).toEqual([]);
    expect(fillMergeTags(`{{${spaces}x`, values, { html: true })).toBe(`{{${spaces}x`);
    expect(fillMergeTags(`{{${spaces}firstName${spaces}}}`, values, { html: true })).toBe('Al');
    expect(findUnknownMergeTags(`{{${spaces}nickname${spaces}}}`)).toEqual(['{{nickname}}']);
    expect(findUnknownMergeTags(`{{${'{{ a '.repeat(20_000)}`)).toEqual([]);
  }, 2_000);
});
