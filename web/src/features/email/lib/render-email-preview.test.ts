import { describe, expect, it } from 'vitest';
import { renderEmailPreview, sanitizeEmailPreview } from './render-email-preview';

describe('the editor preview applies the mailer policy', () => {
  it('drops what the server drops and keeps what it keeps', () => {
    const out = sanitizeEmailPreview(
      '<p onclick="x()" style="color: red; position: absolute">A</p><a href="javascript:alert(1)">x</a>' +
        '<a href="{{unsubscribeUrl}}">u</a><img src="http://t.test/p.gif"><script>alert(1)</script><iframe src="https://x"></iframe>',
    );
    expect(out).toBe('<p style="color: red">A</p><a>x</a><a href="{{unsubscribeUrl}}">u</a>');
  });

  it('fills merge tags with sample values and adds the footer recipients get', () => {
    const doc = renderEmailPreview('<p>Hi {{firstName}}</p>');
    expect(doc).toContain('<p>Hi Jane</p>');
    expect(doc).toContain('40 S Lake Powell Blvd');
    expect(doc).toContain('Unsubscribe');
  });

  it("previews {{constructor}} and {{toString}} as written: they are not the product's fields", () => {
    const doc = renderEmailPreview('<p>Hi {{constructor}} {{ toString }} {{firstName}}</p>');
    expect(doc).toContain('<p>Hi {{constructor}} {{ toString }} Jane</p>');
  });
});
