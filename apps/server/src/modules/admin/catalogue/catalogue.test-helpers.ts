import { type OperatorAction, orderEndpoints } from '@resiport/contract';
import { authHeader } from '../../../../test/factories';
import type { TestApp } from '../../../../test/test-app';
import { apiUrl } from '@resiport/testkit';

export { consoleCall } from '../customers/customers.test-helpers';

/** The audit rows of one catalogue action, oldest first. */
export function auditRowsFor(t: TestApp, action: OperatorAction) {
  return t.ctx.db
    .selectFrom('operator_audit')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

/** Every catalogue table as it is, to show that a refused change left all of it alone. */
export async function catalogueState(t: TestApp) {
  const [tiers, packages, coupons, audit] = await Promise.all([
    t.ctx.db.selectFrom('price_tiers').selectAll().orderBy('min_gb').execute(),
    t.ctx.db.selectFrom('packages').selectAll().orderBy('id').execute(),
    t.ctx.db.selectFrom('coupons').selectAll().orderBy('id').execute(),
    t.ctx.db
      .selectFrom('operator_audit')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { tiers, packages, coupons, auditRows: Number(audit.n) };
}

/** GET /api/order/check as the portal asks it, from `app` (a second API process in some tests). */
export async function quote(app: TestApp['app'], token: string, query: Record<string, string>) {
  const response = await app.inject({
    method: 'GET',
    url: `${apiUrl(orderEndpoints.check)}?${new URLSearchParams(query).toString()}`,
    headers: authHeader(token),
  });
  return response.json<{ code: number; data: Record<string, unknown> }>();
}
