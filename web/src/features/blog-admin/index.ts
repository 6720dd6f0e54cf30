/** The dashboard's Blog screen, for the dashboard shell to mount at /marketing/blog, /new and /:id. */
export { BlogAdminPage, type BlogAdminPageProps } from './components/blog-admin-page';
export { BlogArticleEditorPage, type BlogArticleEditorPageProps } from './components/blog-article-editor-page';
