import { describe, expect, it } from 'vitest';
import { renderPreview } from './render-preview';

describe('renderPreview', () => {
  it('renders Markdown', () => {
    const html = renderPreview('## Lots\n\n**Good** [map](/map)\n\n- a\n- b');
    expect(html).toContain('<h2>Lots</h2>');
    expect(html).toContain('<strong>Good</strong>');
    expect(html).toContain('<a href="/map">map</a>');
    expect(html).toContain('<li>a</li>');
  });

  it.each([
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<svg onload=alert(1)>',
    '![x](data:image/svg+xml,<svg onload=alert(1)>)',
    '<style>*{}</style><p style="color:red">x</p>',
  ])('leaves nothing executable: %s', (vector) => {
    const html = renderPreview(vector);
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|onerror=|onload=|srcdoc|style=/i);
    // URLs: no javascript: or data: in any attribute (as text they are harmless).
    expect(html).not.toMatch(/=\s*"\s*(javascript|data):/i);
  });

  it('applies the policy the server publishes with: images only from /media/, no protocol-relative links, one class', () => {
    expect(renderPreview('![x](data:image/svg+xml,%3Csvg%3E%3C/svg%3E)')).not.toContain('<img');
    expect(renderPreview('<img src="data:image/png;base64,iVBORw0KGgo=">')).not.toContain('<img');
    expect(renderPreview('![t](https://tracker.example/p.gif)')).not.toContain('<img');
    expect(renderPreview('![Bay](/media/abc.png)')).toContain(
      '<img src="/media/abc.png" alt="Bay" loading="lazy" decoding="async">',
    );
    expect(renderPreview('[x](//evil.example/path)')).toBe('<p><a>x</a></p>\n');
    expect(renderPreview('<p class="hero">x</p>')).toBe('<p>x</p>');
    expect(renderPreview('```ts\nconst a = 1;\n```')).toContain('<code class="language-ts">');
  });

  it('shows headings and links as they will be published', () => {
    expect(renderPreview('# Title')).toContain('<h2>Title</h2>');
    expect(renderPreview('[NPS](https://www.nps.gov/glca/)')).toContain(
      '<a href="https://www.nps.gov/glca/" target="_blank" rel="noopener noreferrer">NPS</a>',
    );
  });
});
