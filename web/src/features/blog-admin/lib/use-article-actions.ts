/**
 * Publish, unpublish and delete with their toasts, refreshing the staff list and the public list
 * afterwards; publish and unpublish answer the article as stored (its new version) for the editor. `busy` holds the id being changed, to disable its buttons.
 */
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import type { StaffBlogArticle } from '@lp/contracts';
import { toast } from '../../../components/toast/toast-store';
import { deleteArticle } from '../api/delete-article';
import { STAFF_ARTICLES_KEY } from '../api/list-staff-articles';
import { setArticlePublished } from '../api/set-article-published';
import { errorMessage } from '../../../lib/error-message';

export function useArticleActions() {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<number | null>(null);

  async function run<T>(id: number, work: () => Promise<T>, success: string, failure: string): Promise<T | undefined> {
    setBusy(id);
    try {
      const result = await work();
      toast({ title: success });
      return result;
    } catch (error) {
      toast({ title: failure, description: errorMessage(error), variant: 'destructive' });
      return undefined;
    } finally {
      setBusy(null);
      await Promise.all([mutate(STAFF_ARTICLES_KEY), mutate('/api/blog/articles')]);
    }
  }

  const setPublished = (id: number, published: boolean) =>
    run<StaffBlogArticle>(
      id,
      () => setArticlePublished(id, published),
      published ? 'Article published' : 'Article unpublished',
      published ? 'Could not publish the article' : 'Could not unpublish the article',
    );

  const remove = (id: number) =>
    run(id, () => deleteArticle(id).then(() => true), 'Article deleted', 'Could not delete the article');

  return { busy, setPublished, remove };
}
