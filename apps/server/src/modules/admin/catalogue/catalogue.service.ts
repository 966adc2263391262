import {
  couponExpiryOf,
  type adminCatalogueEndpoints,
  type AdminCoupon,
  type AdminPackage,
  type EndpointParsedInput,
} from '@resiport/contract';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { priceMenu } from '../../orders/catalog.service';
import {
  changePackage,
  createPackage,
  dropPriceTier,
  savePriceTier,
} from '../../orders/catalog-change.service';
import { addCoupon, deactivateCoupon, editCoupon } from '../../orders/coupon-change.service';
import type { Actor } from '../../audit/audit.service';
import {
  findCouponWithFacts,
  listPackagesWithOrders,
  pageOfCouponUses,
  pageOfCoupons,
} from './catalogue.repository';
import { toAdminCoupon, toAdminPackage, toAdminTier, toCouponUse } from './catalogue-view';

/**
 * The console's catalogue calls: reads, and changes through the orders module's change services
 * (the same ones the command line uses), answered with the row as the console lists it.
 */

type Input<Name extends keyof typeof adminCatalogueEndpoints> = EndpointParsedInput<
  (typeof adminCatalogueEndpoints)[Name]
>;

export async function listTiers(ctx: AppContext) {
  return { list: (await priceMenu(ctx.db)).tiers };
}

export async function setTierFor(ctx: AppContext, actor: Actor, input: Input<'tierSet'>) {
  const change = {
    minGb: input.min_gb,
    pricePerGbCents: BigInt(input.price_per_gb_cents),
    reason: input.reason,
  };
  return toAdminTier(await savePriceTier(ctx.db, actor, change));
}

export async function removeTierFor(ctx: AppContext, actor: Actor, input: Input<'tierRemove'>) {
  await dropPriceTier(ctx.db, actor, { minGb: input.min_gb, reason: input.reason });
  return { min_gb: input.min_gb };
}

export async function listPackages(ctx: AppContext): Promise<{ list: AdminPackage[] }> {
  return { list: (await listPackagesWithOrders(ctx.db)).map(toAdminPackage) };
}

async function packageView(ctx: AppContext, id: number): Promise<AdminPackage> {
  const found = (await listPackagesWithOrders(ctx.db)).find((p) => p.id === id);
  if (!found) throw new AppError('NotFound');
  return toAdminPackage(found);
}

function packageValues(input: Input<'packageCreate'>) {
  return {
    code: input.code,
    traffic_bytes: BigInt(input.traffic_bytes),
    price_cents: BigInt(input.price_cents),
    is_trial: input.is_trial,
    active: input.active,
    reason: input.reason,
  };
}

export async function createPackageFor(ctx: AppContext, actor: Actor, input: Input<'packageCreate'>) {
  const created = await createPackage(ctx.db, actor, packageValues(input));
  return packageView(ctx, created.id);
}

export async function updatePackageFor(ctx: AppContext, actor: Actor, input: Input<'packageUpdate'>) {
  await changePackage(ctx.db, actor, input.id, packageValues(input));
  return packageView(ctx, input.id);
}

export async function setPackageActiveFor(ctx: AppContext, actor: Actor, input: Input<'packageActive'>) {
  await changePackage(ctx.db, actor, input.id, { active: input.active, reason: input.reason });
  return packageView(ctx, input.id);
}

export async function listCoupons(ctx: AppContext, input: Input<'coupons'>) {
  const { page, page_size: pageSize } = input;
  const now = ctx.clock();
  const { rows, total } = await pageOfCoupons(ctx.db, input, now, page, pageSize);
  return { list: rows.map((row) => toAdminCoupon(row, now)), total, page, page_size: pageSize };
}

export async function couponUses(ctx: AppContext, input: Input<'couponUses'>) {
  if (!(await findCouponWithFacts(ctx.db, input.id))) throw new AppError('NotFound');
  const { page, page_size: pageSize } = input;
  const { rows, total } = await pageOfCouponUses(ctx.db, input.id, page, pageSize);
  return { list: rows.map(toCouponUse), total, page, page_size: pageSize };
}

async function couponView(ctx: AppContext, id: number): Promise<AdminCoupon> {
  const row = await findCouponWithFacts(ctx.db, id);
  if (!row) throw new AppError('NotFound');
  return toAdminCoupon(row, ctx.clock());
}

/** `undefined` leaves a field as it is; null clears it. */
const expiryOf = (day: string | null | undefined) =>
  day === undefined ? undefined : day === null ? null : couponExpiryOf(day);

export async function createCouponFor(ctx: AppContext, actor: Actor, input: Input<'couponCreate'>) {
  const terms = {
    code: input.code,
    kind: input.kind,
    value: BigInt(input.value),
    expiresAt: expiryOf(input.expires_on) ?? null,
    maxUses: input.max_uses ?? null,
    maxUsesPerAccount: input.max_uses_per_account ?? null,
    account: input.account ?? null,
    reason: input.reason,
  };
  const coupon = await addCoupon(ctx.db, actor, terms, ctx.clock());
  return couponView(ctx, coupon.id);
}

export async function updateCouponFor(ctx: AppContext, actor: Actor, input: Input<'couponUpdate'>) {
  const change = {
    id: input.id,
    expires_at: expiryOf(input.expires_on),
    max_uses: input.max_uses,
    max_uses_per_account: input.max_uses_per_account,
    active: input.active,
    reason: input.reason,
  };
  await editCoupon(ctx.db, actor, change, ctx.clock());
  return couponView(ctx, input.id);
}

export async function disableCouponFor(ctx: AppContext, actor: Actor, input: Input<'couponDisable'>) {
  await deactivateCoupon(ctx.db, actor, input, ctx.clock());
  return couponView(ctx, input.id);
}
