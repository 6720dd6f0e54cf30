/**
 * Values that would reach SQL (or a recursive renderer) and fail there as a 500 are refused by
 * the request schemas with a field error instead.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EventPixelQuerySchema, PageviewPixelQuerySchema } from './analytics.ts';
import { LoginRequestSchema } from './auth.ts';
import { BlogArticleUpdateSchema, markdownNestingDepth, MARKDOWN_MAX_NESTING } from './blog.ts';
import { fieldErrorsOf } from './envelope.ts';

const fieldsOf = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? {} : fieldErrorsOf(r.issues);
};

describe('hostile input in request schemas', () => {
  it('refuses a NUL character in a sign-in username with a field error', () => {
    expect(fieldsOf(LoginRequestSchema, { username: 'own\u0000er', password: 'x' })).toEqual({
      username: ['Contains a character that is not allowed'],
    });
  });

  it('refuses NUL characters in pixel parameters, including escaped inside props JSON', () => {
    expect(Object.keys(fieldsOf(PageviewPixelQuerySchema, { p: '/a\u0000', sid: 's' }))).toEqual(['p']);
    expect(Object.keys(fieldsOf(EventPixelQuerySchema, { n: 'x', c: 'c', sid: 's', lbl: '\u0000' }))).toEqual(['lbl']);
    expect(
      Object.keys(fieldsOf(EventPixelQuerySchema, { n: 'x', c: 'c', sid: 's', props: '{"a":"\\u0000"}' })),
    ).toEqual(['props']);
    expect(
      Object.keys(fieldsOf(EventPixelQuerySchema, { n: 'x', c: 'c', sid: 's', props: '{"a":"\\ud800"}' })),
    ).toEqual(['props']);
    expect(fieldsOf(EventPixelQuerySchema, { n: 'x', c: 'c', sid: 's', props: '{"a":"🏠 lot"}' })).toEqual({});
  });

  it('refuses a publish date outside the years 1970-2999', () => {
    for (const publishedAt of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '3000-01-01T00:00:00Z'])
      expect(fieldsOf(BlogArticleUpdateSchema, { version: 1, publishedAt })).toEqual({
        publishedAt: ['Give a date between the years 1970 and 2999'],
      });
    expect(fieldsOf(BlogArticleUpdateSchema, { version: 1, publishedAt: '2026-05-01T12:00:00Z' })).toEqual({});
  });

  it('refuses an article body nested deeper than the cap, and keeps ordinary nesting', () => {
    const deep = `${'>'.repeat(49_000)} x`;
    expect(fieldsOf(BlogArticleUpdateSchema, { version: 1, contentMarkdown: deep })).toEqual({
      contentMarkdown: [`Quotes and lists can be nested at most ${MARKDOWN_MAX_NESTING} levels deep`],
    });
    expect(
      Object.keys(fieldsOf(BlogArticleUpdateSchema, { version: 1, contentMarkdown: '- '.repeat(5_000) + 'x' })),
    ).toEqual(['contentMarkdown']);
    expect(markdownNestingDepth('> quote\n> > nested\n\n- a\n  - b\n\n1. one\n\n* * *\n\n-not a list')).toBe(3);
    expect(fieldsOf(BlogArticleUpdateSchema, { version: 1, contentMarkdown: '> a\n>> b\n\n- x\n  - y' })).toEqual({});
  });

  it('refuses runs of thousands of emphasis markers inside text, and keeps long rules', () => {
    expect(
      fieldsOf(BlogArticleUpdateSchema, { version: 1, contentMarkdown: `${'*'.repeat(5000)}x${'*'.repeat(5000)}` }),
    ).toEqual({
      contentMarkdown: ['Repeat *, _ or ~ at most 50 times in a row within a line'],
    });
    expect(
      fieldsOf(BlogArticleUpdateSchema, { version: 1, contentMarkdown: `Text\n\n${'_'.repeat(80)}\n\n**bold**` }),
    ).toEqual({});
  });
});
