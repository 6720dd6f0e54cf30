import { describe, expect, it } from 'vitest';
import {
  cleanEmailStyle,
  fillMergeTags,
  findUnknownMergeTags,
  isAllowedEmailHref,
  isAllowedEmailImageSrc,
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
});
