/**
 * The editor form: its values (tags typed as one comma-separated line), its valibot schema
 * built from the contracts' field schemas, and the conversions to and from the API's shapes.
 */
import * as v from 'valibot';
import {
  BLOG_TAGS_MAX,
  BlogArticleFields,
  SlugSchema,
  type BlogArticleCreate,
  type FieldErrors,
  type StaffBlogArticle,
} from '@lp/contracts';

export type ArticleFormValues = {
  title: string;
  slug: string;
  summary: string;
  tagsText: string;
  coverImage: string;
  contentMarkdown: string;
};

export const EMPTY_ARTICLE_FORM: ArticleFormValues = {
  title: '',
  slug: '',
  summary: '',
  tagsText: '',
  coverImage: '',
  contentMarkdown: '',
};

export const splitTags = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

export const ArticleFormSchema = v.object({
  title: BlogArticleFields.title,
  slug: SlugSchema,
  summary: BlogArticleFields.summary,
  tagsText: v.pipe(
    v.string(),
    v.check((t) => splitTags(t).length <= BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`),
    v.check((t) => splitTags(t).every((tag) => tag.length <= 40), 'A tag has at most 40 characters'),
  ),
  coverImage: v.string(),
  contentMarkdown: BlogArticleFields.contentMarkdown,
});

export function toArticlePayload(values: ArticleFormValues): BlogArticleCreate {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    summary: values.summary.trim(),
    tags: splitTags(values.tagsText),
    coverImage: values.coverImage || null,
    contentMarkdown: values.contentMarkdown,
  };
}

export function toFormValues(article: StaffBlogArticle): ArticleFormValues {
  return {
    title: article.title,
    slug: article.slug,
    summary: article.summary,
    tagsText: article.tags.join(', '),
    coverImage: article.coverImage ?? '',
    contentMarkdown: article.contentMarkdown,
  };
}

/** Server field errors (`details.fields`) keyed by form field; `tags.3` and the like go to tagsText. */
export function formErrorsOf(fields: FieldErrors): Partial<Record<keyof ArticleFormValues, string>> {
  const out: Partial<Record<keyof ArticleFormValues, string>> = {};
  for (const [key, messages] of Object.entries(fields)) {
    const name = (key.startsWith('tags') ? 'tagsText' : key.split('.')[0]) as keyof ArticleFormValues;
    if (name in EMPTY_ARTICLE_FORM && messages[0] && !out[name]) out[name] = messages[0];
  }
  return out;
}
