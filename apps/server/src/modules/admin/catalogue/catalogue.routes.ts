import { adminCatalogueEndpoints as calls } from '@resiport/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { ok } from '../../../lib/reply';
import { currentAccount } from '../../../plugins/auth';
import { endpointRoutes } from '../../../plugins/endpoint-routes';
import type { Actor } from '../../audit/audit.service';
import {
  couponUses,
  createCouponFor,
  createPackageFor,
  disableCouponFor,
  listCoupons,
  listPackages,
  listTiers,
  removeTierFor,
  setPackageActiveFor,
  setTierFor,
  updateCouponFor,
  updatePackageFor,
} from './catalogue.service';

const operatorOf = (request: FastifyRequest): Actor => ({ operatorId: currentAccount(request).id });

/** The console's catalogue page: price tiers, packages and coupons (docs/product.md#operator-console). */
export function catalogueRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { route } = endpointRoutes(app, ctx, ['admin']);
    route(calls.tiers, async (request) => ok(request, await listTiers(ctx)));
    route(calls.tierSet, async (request, input) =>
      ok(request, await setTierFor(ctx, operatorOf(request), input)),
    );
    route(calls.tierRemove, async (request, input) =>
      ok(request, await removeTierFor(ctx, operatorOf(request), input)),
    );
    route(calls.packages, async (request) => ok(request, await listPackages(ctx)));
    route(calls.packageCreate, async (request, input) =>
      ok(request, await createPackageFor(ctx, operatorOf(request), input)),
    );
    route(calls.packageUpdate, async (request, input) =>
      ok(request, await updatePackageFor(ctx, operatorOf(request), input)),
    );
    route(calls.packageActive, async (request, input) =>
      ok(request, await setPackageActiveFor(ctx, operatorOf(request), input)),
    );
    route(calls.coupons, async (request, input) => ok(request, await listCoupons(ctx, input)));
    route(calls.couponUses, async (request, input) => ok(request, await couponUses(ctx, input)));
    route(calls.couponCreate, async (request, input) =>
      ok(request, await createCouponFor(ctx, operatorOf(request), input)),
    );
    route(calls.couponUpdate, async (request, input) =>
      ok(request, await updateCouponFor(ctx, operatorOf(request), input)),
    );
    route(calls.couponDisable, async (request, input) =>
      ok(request, await disableCouponFor(ctx, operatorOf(request), input)),
    );
  };
}
