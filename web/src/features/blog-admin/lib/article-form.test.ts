import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, type StaffBlogArticle } from '@lp/contracts';
import {
  ArticleFormSchema,
  EMPTY_ARTICLE_FORM,
  formErrorsOf,
  splitTags,
  toArticlePayload,
  toFormValues,
} from './article-form';

describe('article form', () => {
  it('gives each missing required field its message', () => {
    const r = v.safeParse(ArticleFormSchema, EMPTY_ARTICLE_FORM);
    expect(r.success).toBe(false);
    expect(fieldErrorsOf(r.issues ?? [])).toEqual({
      title: ['Title is required'],
      summary: ['Summary is required'],
      contentMarkdown: ['Content is required'],
    });
  });

  it('checks the slug and the tags', () => {
    const r = v.safeParse(ArticleFormSchema, {
      ...EMPTY_ARTICLE_FORM,
      title: 'T',
      summary: 'S',
      contentMarkdown: 'C',
      slug: 'Bad Slug',
      tagsText: Array.from({ length: 11 }, (_, i) => `t${i}`).join(','),
    });
    expect(Object.keys(fieldErrorsOf(r.issues ?? [])).sort()).toEqual(['slug', 'tagsText']);
  });

  it('turns the values into the API payload and back', () => {
    const values = {
      title: ' Lots ',
      slug: '',
      summary: 'S',
      tagsText: ' Lots, Investing ,, ',
      coverImage: '',
      contentMarkdown: '# x',
    };
    expect(toArticlePayload(values)).toEqual({
      title: 'Lots',
      slug: '',
      summary: 'S',
      tags: ['Lots', 'Investing'],
      coverImage: null,
      contentMarkdown: '# x',
    });
    const article = {
      title: 'A',
      slug: 'a',
      summary: 'S',
      tags: ['X', 'Y'],
      coverImage: null,
      contentMarkdown: 'm',
    } as StaffBlogArticle;
    expect(toFormValues(article)).toEqual({
      title: 'A',
      slug: 'a',
      summary: 'S',
      tagsText: 'X, Y',
      coverImage: '',
      contentMarkdown: 'm',
    });
    expect(splitTags('')).toEqual([]);
  });

  it("maps the server's field errors onto form fields", () => {
    expect(formErrorsOf({ slug: ['Taken'], 'tags.3': ['Too long'], tags: ['At most 10 tags'], other: ['x'] })).toEqual({
      slug: 'Taken',
      tagsText: 'Too long',
    });
  });
});
