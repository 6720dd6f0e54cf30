/** The dashboard's Blog screen, for the dashboard shell to mount at /marketing/blog, /new and /:id. */
export { BlogAdminPage } from './components/blog-admin-page';
export { BlogArticleEditorPage } from './components/blog-article-editor-page';
