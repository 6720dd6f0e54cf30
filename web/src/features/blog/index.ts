/** The blog feature's public surface: what the router, prerender and sitemap mount or call. */
export { BlogListPage, type BlogListPageProps } from './components/blog-list-page';
export { BlogArticlePage, type BlogArticlePageProps } from './components/blog-article-page';
export { useArticles, ARTICLES_KEY } from './api/get-articles';
export { useArticle, articleKey } from './api/get-article';
export { articleHead, type ArticleHead } from './lib/article-head';
export { filterArticles, distinctTags, tagsOf } from './lib/filter-articles';
export { relatedArticles, RELATED_ARTICLES_LIMIT } from './lib/related-articles';
