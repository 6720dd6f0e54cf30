/**
 * Create (no `articleId`) or edit an article. Saving a new one goes to its edit route; an
 * existing one can also be published, unpublished, viewed and deleted from here. Toasts
 * report each outcome; validation and slug clashes come back onto the fields. Publishing with
 * unsaved edits saves them first ('Save and publish'), so what goes live is what staff see;
 * unpublishing leaves unsaved edits in the form. The editor opens the article as stored now
 * (read afresh) and saves over that version only: when someone wrote it in between, the save is
 * refused (409), the message shows in a toast and in the editor, what was typed stays, and
 * 'Load the newer version' starts the form again from the stored article.
 */
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import type { StaffBlogArticle } from '@lp/contracts';
import { ApiError } from '../../../lib/api-request';
import { toast } from '../../../components/toast/toast-store';
import { button, textLink } from '../../../components/ui/styles';
import { createArticle } from '../api/create-article';
import { useStaffArticle } from '../api/get-staff-article';
import { STAFF_ARTICLES_KEY } from '../api/list-staff-articles';
import { updateArticle } from '../api/update-article';
import { toArticlePayload, toFormValues, type ArticleFormValues } from '../lib/article-form';
import { errorMessage } from '../../../lib/error-message';
import { staleEditMessage } from '../../../lib/stale-edit';
import { StaleEditAlert } from '../../../components/ui/stale-edit-alert';
import { formatStaffDate } from '../lib/format-staff-date';
import { useArticleActions } from '../lib/use-article-actions';
import { ArticleEditorForm, type ArticleEditorHandle, type SaveOutcome } from './article-editor-form';
import { ArticleStatusBadge } from './article-status-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type BlogArticleEditorPageProps = { articleId?: number; basePath?: string };

export function BlogArticleEditorPage({ articleId, basePath = '/marketing/blog' }: BlogArticleEditorPageProps) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const stored = useStaffArticle(articleId);
  const { data: article, error } = stored;
  const [stale, setStale] = useState<{ message: string; generation: number; reloading: boolean } | null>(null);
  const { busy, setPublished, remove } = useArticleActions();
  const [confirming, setConfirming] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [savingFirst, setSavingFirst] = useState(false);
  const form = useRef<ArticleEditorHandle>(null);
  const initial = useMemo(() => (article ? toFormValues(article) : undefined), [article]);

  async function save(values: ArticleFormValues): Promise<SaveOutcome> {
    try {
      const payload = toArticlePayload(values);
      const saved =
        articleId && article
          ? await updateArticle(articleId, { ...payload, version: article.version })
          : await createArticle(payload);
      if (articleId) stored.replace(saved);
      await Promise.all([mutate(STAFF_ARTICLES_KEY), mutate('/api/blog/articles')]);
      toast({
        title: articleId ? 'Article saved' : 'Article created',
        description: articleId ? undefined : 'Saved as a draft.',
      });
      if (!articleId) navigate(`${basePath}/${saved.id}`);
      return { saved: true };
    } catch (err) {
      const message = staleEditMessage(err);
      if (message) setStale({ message, generation: stored.generation, reloading: false });
      toast({ title: 'Could not save the article', description: errorMessage(err), variant: 'destructive' });
      return { saved: false, fieldErrors: err instanceof ApiError ? err.envelope?.error.details?.fields : undefined };
    }
  }

  async function togglePublished(current: StaffBlogArticle) {
    const publishing = current.status !== 'published';
    if (publishing && dirty) {
      setSavingFirst(true);
      const saved = await form.current?.save().finally(() => setSavingFirst(false));
      if (!saved) return; // the form and a toast say what is wrong
    }
    const changed = await setPublished(current.id, publishing);
    if (changed) stored.replace(changed);
  }

  const back = (
    <Link to={basePath} className={textLink}>
      <span aria-hidden="true">← </span>All articles
    </Link>
  );
  if (articleId && !article && error)
    return (
      <div role="alert" className="grid gap-4">
        {back}
        <p className="text-red-700">
          {error instanceof ApiError && error.status === 404
            ? 'This article does not exist any more.'
            : 'Error loading the article. Please try again later.'}
        </p>
      </div>
    );
  if (articleId && !article)
    return (
      <p role="status" className="text-stone-700">
        Loading article...
      </p>
    );

  return (
    <section aria-labelledby="editor-title" className="grid gap-6">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 id="editor-title" className="text-2xl font-bold text-stone-900">
            {article ? 'Edit article' : 'New article'}
          </h2>
          {article && (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-600">
              <ArticleStatusBadge status={article.status} />
              <span>Updated {formatStaffDate(article.updatedAt)}</span>
              {article.publishedAt && <span>· Published {formatStaffDate(article.publishedAt)}</span>}
              <span>· {article.readTime} min read</span>
            </p>
          )}
        </div>
        {article && (
          <div className="flex flex-wrap gap-3">
            {article.status === 'published' && (
              <a href={`/blog/${article.slug}`} target="_blank" rel="noreferrer" className={button.secondary}>
                View on site
              </a>
            )}
            <button
              type="button"
              className={button.dark}
              disabled={busy !== null || savingFirst}
              onClick={() => void togglePublished(article)}
            >
              {article.status === 'published' ? 'Unpublish' : dirty ? 'Save and publish' : 'Publish'}
            </button>
            <button
              type="button"
              className={`${button.secondary} text-red-700`}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              Delete
            </button>
          </div>
        )}
      </div>
      {stale && stale.generation === stored.generation && (
        <StaleEditAlert
          message={stale.message}
          loading={stale.reloading}
          onLoadNewer={() => {
            setStale({ ...stale, reloading: true });
            stored.reload();
          }}
        />
      )}
      <ArticleEditorForm
        key={`${articleId ?? 'new'}-${stored.generation}`}
        ref={form}
        initial={initial}
        submitLabel={article ? 'Save changes' : 'Save draft'}
        onSubmit={save}
        onDirtyChange={setDirty}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete article?"
        message={`“${article?.title ?? ''}” will be removed from the site. This cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setConfirming(false);
          if (article && (await remove(article.id))) navigate(basePath);
        }}
      />
    </section>
  );
}
