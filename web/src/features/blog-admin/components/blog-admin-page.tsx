/**
 * The dashboard's Blog screen: every article with its status and dates, and per row Edit,
 * View (published ones), Publish/Unpublish and Delete (after a confirmation). Loading, error
 * and empty states; toasts after each action. Links go to `${basePath}/new` and `${basePath}/{id}`.
 */
import { LoadFailed, LoadingText } from '../../../components/ui/load-states';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { StaffBlogArticleSummary } from '@lp/contracts';
import { SelectableTable, type Column } from '../../../components/ui/data-table';
import { button, textLink } from '../../../components/ui/styles';
import { useStaffArticles } from '../api/list-staff-articles';
import { formatStaffDate } from '../lib/format-staff-date';
import { useArticleActions } from '../lib/use-article-actions';
import { ArticleStatusBadge } from './article-status-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type BlogAdminPageProps = { basePath?: string };

const small = 'min-h-9 rounded-md px-3 text-sm font-semibold ring-1 disabled:cursor-not-allowed disabled:opacity-60';

export function BlogAdminPage({ basePath = '/marketing/blog' }: BlogAdminPageProps) {
  const { articles, error, reload } = useStaffArticles();
  const { busy, setPublished, remove } = useArticleActions();
  const [toDelete, setToDelete] = useState<StaffBlogArticleSummary | null>(null);

  const columns: Column<StaffBlogArticleSummary>[] = [
    {
      header: 'Title',
      rowHeader: true,
      cell: (a) => (
        <>
          <Link to={`${basePath}/${a.id}`} className="hover:underline">
            {a.title}
          </Link>
          <p className="mt-0.5 font-normal text-stone-500">/blog/{a.slug}</p>
        </>
      ),
      cellClassName: 'font-medium text-stone-900',
    },
    { header: 'Status', cell: (a) => <ArticleStatusBadge status={a.status} /> },
    { header: 'Published', cell: (a) => formatStaffDate(a.publishedAt), cellClassName: 'text-stone-700' },
    { header: 'Updated', cell: (a) => formatStaffDate(a.updatedAt), cellClassName: 'text-stone-700' },
  ];

  let body;
  if (!articles && error)
    body = <LoadFailed message={'Error loading articles. Please try again later.'} onRetry={() => void reload()} />;
  else if (!articles) body = <LoadingText>Loading articles...</LoadingText>;
  else if (articles.length === 0)
    body = (
      <div className="py-10 text-center">
        <p className="text-stone-700">No articles yet.</p>
        <Link to={`${basePath}/new`} className={`${textLink} mt-3 inline-block`}>
          Write the first article
        </Link>
      </div>
    );
  else
    body = (
      <SelectableTable
        label="Blog articles"
        caption="Blog articles"
        rows={articles}
        columns={columns}
        rowKey={(a) => a.id}
        actions={(a) => (
          <div className="flex justify-end gap-2 whitespace-nowrap">
            <Link
              to={`${basePath}/${a.id}`}
              className={`${small} inline-flex items-center text-lake-900 ring-stone-300 hover:bg-lake-50`}
              aria-label={`Edit ${a.title}`}
            >
              Edit
            </Link>
            {a.status === 'published' && (
              <a
                href={`/blog/${a.slug}`}
                target="_blank"
                rel="noreferrer"
                className={`${small} inline-flex items-center text-lake-900 ring-stone-300 hover:bg-lake-50`}
                aria-label={`View ${a.title} (opens in a new tab)`}
              >
                View
              </a>
            )}
            <button
              type="button"
              disabled={busy === a.id}
              onClick={() => void setPublished(a.id, a.status !== 'published')}
              className={`${small} text-lake-900 ring-stone-300 hover:bg-lake-50`}
              aria-label={`${a.status === 'published' ? 'Unpublish' : 'Publish'} ${a.title}`}
            >
              {a.status === 'published' ? 'Unpublish' : 'Publish'}
            </button>
            <button
              type="button"
              disabled={busy === a.id}
              onClick={() => setToDelete(a)}
              className={`${small} text-red-700 ring-red-200 hover:bg-red-50`}
              aria-label={`Delete ${a.title}`}
            >
              Delete
            </button>
          </div>
        )}
        density="comfortable"
        minWidth="52rem"
        align="top"
      />
    );

  return (
    <section aria-labelledby="blog-admin-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="blog-admin-title" className="text-2xl font-bold text-stone-900">
          Blog
        </h2>
        <Link to={`${basePath}/new`} className={button.primary}>
          New article
        </Link>
      </div>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete article?"
        message={`“${toDelete?.title ?? ''}” will be removed from the site. This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          const a = toDelete;
          setToDelete(null);
          if (a) void remove(a.id);
        }}
      />
    </section>
  );
}
