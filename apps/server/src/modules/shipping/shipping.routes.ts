import {
  shippingEndpoints as endpoints,
  IdParamSchema,
  shippingAddressMessages as messages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createSalesService } from './sales.service.ts';
import { createShippingAddressesService } from './shipping-addresses.service.ts';

/** A path id that is not a positive integer names no record of this user: 404, like another's. */
function ownedId(params: unknown): number {
  const parsed = IdParamSchema.safeParse(params);
  if (!parsed.success) throw notFound('ADDRESS_NOT_FOUND', messages.notFound);
  return parsed.data.id;
}

/** Shipping addresses and the seller's sales and shipping status. */
export async function shippingRoutes(app: FastifyInstance, ctx: AppContext) {
  const addresses = createShippingAddressesService(ctx);
  const sales = createSalesService(ctx);
  for (const endpoint of [endpoints.createAddressSlash, endpoints.createAddress]) {
    declareRoute(app, ctx, endpoint, {}, async (request, reply) => {
      const address = await addresses.create(request.userId!, request.body);
      return reply.status(201).send({ message: messages.createSuccess, address });
    });
  }

  declareRoute(app, ctx, endpoints.addresses, {}, async (request) => addresses.list(request.userId!));

  declareRoute(app, ctx, endpoints.updateAddress, {}, async (request) => {
    const id = ownedId(request.params);
    const input = request.body;
    const address = await addresses.update(request.userId!, id, input);
    const setDefaultOnly = !('address' in input);
    return { message: setDefaultOnly ? messages.setDefaultSuccess : messages.updateSuccess, address };
  });

  declareRoute(app, ctx, endpoints.deleteAddress, {}, async (request) => {
    await addresses.remove(request.userId!, ownedId(request.params));
    return { message: messages.deleteSuccess };
  });

  declareRoute(app, ctx, endpoints.soldProducts, {}, async (request) => {
    const { page, size } = request.query;
    return { products: await sales.listSoldProducts(request.userId!, page, size), page, size };
  });

  declareRoute(app, ctx, endpoints.markShipped, {}, async (request) =>
    sales.markShipped(request.userId!, request.body.product_id, {
      carrier: request.body.carrier,
      tracking_number: request.body.tracking_number,
    }),
  );

  // Buyer protection: the buyer confirms receipt; unconfirmed shipments are delivered by a job.
  declareRoute(app, ctx, endpoints.confirmDelivery, {}, async (request) =>
    sales.confirmDelivery(request.userId!, request.body.product_id),
  );

  declareRoute(app, ctx, endpoints.purchases, {}, async (request) => {
    const { page, size } = request.query;
    return { products: await sales.listPurchases(request.userId!, page, size), page, size };
  });

  ctx.jobs.register({ name: 'shipping.auto-deliver', run: (now) => sales.deliverDue(now) });
}
