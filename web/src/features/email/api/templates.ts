/** Templates: GET/POST /api/marketing/templates, GET/PUT/DELETE /api/marketing/templates/{id}, duplicate. */
import useSWR from 'swr';
import type { Template, TemplateInput, TemplateUpdate } from '@lp/contracts/email';
import { apiRequest } from '../../../lib/api-request';

export const TEMPLATES_KEY = '/api/marketing/templates';

/** Read again whenever the list is shown: the editor changes it from its own page. */
export function useTemplates() {
  return useSWR<Template[]>(TEMPLATES_KEY, { revalidateOnMount: true });
}

export const createTemplate = (t: TemplateInput) => apiRequest<Template>('POST', TEMPLATES_KEY, t);
/** Saves over the version `t.version` (409 when the template was saved since). */
export const updateTemplate = (id: number, t: TemplateUpdate) =>
  apiRequest<Template>('PUT', `${TEMPLATES_KEY}/${id}`, t);
export const duplicateTemplate = (id: number) => apiRequest<Template>('POST', `${TEMPLATES_KEY}/${id}/duplicate`);
export const deleteTemplate = (id: number) => apiRequest<void>('DELETE', `${TEMPLATES_KEY}/${id}`);
