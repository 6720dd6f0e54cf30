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
});
