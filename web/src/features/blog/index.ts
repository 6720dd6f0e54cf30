/** The blog feature's public surface: what the router and the sitemap mount or call. */
export { BlogListPage } from './components/blog-list-page';
export { BlogArticlePage } from './components/blog-article-page';
export { useArticles } from './api/get-articles';
export { useArticle } from './api/get-article';
