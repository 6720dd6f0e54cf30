/** GET /api/marketing/lists/{id}: one list as stored now (the edit dialog opens with it). */
export const listUrl = (id: number) => `/api/marketing/lists/${id}`;
