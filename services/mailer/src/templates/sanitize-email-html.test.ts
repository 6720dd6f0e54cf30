import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from './sanitize-email-html.ts';

describe('sanitizeEmailHtml', () => {
  it('removes scripts, handlers, unsafe links and styles; keeps table layouts and the unsubscribe tag', () => {
    const dirty =
      '<table width="600" onclick="x()"><tr><td style="color: red; position: absolute">A</td></tr></table>' +
      '<a href="javascript:alert(1)">x</a><a href="{{unsubscribeUrl}}">u</a><img src="http://t.test/p.gif">' +
      '<script>alert(1)</script><iframe src="https://x"></iframe>';
    expect(sanitizeEmailHtml(dirty)).toBe(
      '<table width="600"><tr><td style="color: red">A</td></tr></table><a>x</a><a href="{{unsubscribeUrl}}">u</a>',
    );
  });

  it('is idempotent', () => {
    const once = sanitizeEmailHtml(
      '<p style="font-size: 14px">Hi <b>{{firstName}}</b> <a href="https://x.test/?a=1&b=2">go</a></p>',
    );
    expect(sanitizeEmailHtml(once)).toBe(once);
  });
});
