/**
 * Runs a long request (a bulk action, an import) under a fresh progress id and polls the
 * server's progress for it every half second until the request answers.
 */
import { useCallback, useState } from 'react';
import type { OperationProgress } from '@lp/contracts';
import { createUuid } from '../../../lib/create-uuid';
import { getOperationProgress } from '../api/apply-contacts-bulk';

const POLL_MS = 500;

export function useOperationProgress() {
  const [progress, setProgress] = useState<OperationProgress | null>(null);
  const run = useCallback(async <T>(work: (progressId: string) => Promise<T>): Promise<T> => {
    const id = createUuid();
    let running = true;
    setProgress(null);
    void (async () => {
      while (running) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        // A failed poll changes nothing: the request's own answer tells how it ended.
        const p = await getOperationProgress(id).catch(() => null);
        if (running && p) setProgress(p);
      }
    })();
    try {
      return await work(id);
    } finally {
      running = false;
      setProgress(null);
    }
  }, []);
  return { run, progress };
}
