/**
 * `GET /api/marketing/audit`: the audit log of staff actions, newest first, a page at a time
 * (`limit`, `cursor` = the last id shown). Every signed-in staff member may read it.
 */
import { AuditListQuerySchema } from '@lp/contracts';
import { validate } from '../middleware/validate.ts';
import { listAuditEntries } from '../queries/list-audit-entries.ts';
import { type GatewayDeps, createRouter } from '../routes/context.ts';

export function auditLogRoutes({ knex }: GatewayDeps) {
  const router = createRouter({ prefix: '/api/marketing/audit' });
  router.get('/', async (ctx) => {
    const { limit, cursor } = validate(AuditListQuerySchema, ctx.query);
    ctx.body = await listAuditEntries(knex, { limit, cursor });
  });
  return router;
}
