import { describe, expect, it } from 'vitest';
import { AppError } from '@lp/runtime';
import { prepareBody } from './prepare-article-fields.ts';

describe('prepareBody', () => {
  it('refuses a body that exhausts the renderer with a 400 field error, not a 500', () => {
    let caught: unknown;
    try {
      prepareBody(`${'>'.repeat(49_000)} x`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect((caught as AppError).status).toBe(400);
    expect((caught as AppError).details?.fields).toEqual({
      contentMarkdown: ['This text is nested too deeply to publish'],
    });
  });

  it('renders an ordinary body', () => {
    expect(prepareBody('> a quote').content_html).toContain('<blockquote>');
  });
});
