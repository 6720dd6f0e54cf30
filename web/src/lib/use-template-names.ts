/**
 * GET /api/marketing/templates read for a picker outside the e-mail screens (a journey's Send
 * step): each template's id and name, by name. Read again whenever the picker is shown, as the
 * template editor changes the list from its own page.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { Template } from '@lp/contracts/email';

export const TEMPLATES_KEY = '/api/marketing/templates';

export function useTemplateNames() {
  const templates = useSWR<Template[]>(TEMPLATES_KEY, { revalidateOnMount: true });
  const names = useMemo(
    () => (templates.data ?? []).map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.name.localeCompare(b.name)),
    [templates.data],
  );
  return { names, isLoading: templates.isLoading, error: templates.error as unknown };
}
