/** The blog feature's public surface: what the router mounts or calls (the articles list hook is shared: lib/use-articles). */
export { BlogListPage } from './components/blog-list-page';
export { BlogArticlePage } from './components/blog-article-page';
export { useArticle } from './api/get-article';
