import {
  ChangeShippingStatusSchema,
  ConfirmDeliverySchema,
  IdParamSchema,
  isSetDefaultOnly,
  shippingAddressMessages as messages,
  PaginationQuerySchema,
  SetDefaultAddressSchema,
  ShippingAddressInputSchema,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { notFound, parseInput } from '../../platform/errors.ts';
import { createSalesService } from './sales.service.ts';
import { createShippingAddressesService } from './shipping-addresses.service.ts';

const SoldListQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(100),
});

/** A path id that is not a positive integer names no record of this user: 404, like another's. */
function ownedId(params: unknown): number {
  const parsed = IdParamSchema.safeParse(params);
  if (!parsed.success) throw notFound('ADDRESS_NOT_FOUND', messages.notFound);
  return parsed.data.id;
}

/** Shipping addresses (spec 2 section 7) and the seller's sales and shipping status. */
export async function shippingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { auth } = ctx;
  const addresses = createShippingAddressesService(ctx);
  const sales = createSalesService(ctx);
  const requireUser = { onRequest: auth.requireUser };

  const create = async (request: FastifyRequest, reply: FastifyReply) => {
    const input = parseInput(ShippingAddressInputSchema, request.body);
    const address = await addresses.create(request.userId!, input);
    reply.status(201);
    return { message: messages.createSuccess, address };
  };
  app.post('/api/shipping-addresses/', requireUser, create);
  app.post('/api/shipping-addresses', requireUser, create);

  app.get('/api/shipping-addresses/get/user', requireUser, async (request) => {
    return addresses.list(request.userId!);
  });

  app.put('/api/shipping-addresses/:id', requireUser, async (request) => {
    const id = ownedId(request.params);
    if (isSetDefaultOnly(request.body)) {
      const address = await addresses.update(
        request.userId!,
        id,
        parseInput(SetDefaultAddressSchema, request.body),
      );
      return { message: messages.setDefaultSuccess, address };
    }
    const input = parseInput(ShippingAddressInputSchema, request.body);
    const address = await addresses.update(request.userId!, id, input);
    return { message: messages.updateSuccess, address };
  });

  app.delete('/api/shipping-addresses/:id', requireUser, async (request) => {
    const id = ownedId(request.params);
    await addresses.remove(request.userId!, id);
    return { message: messages.deleteSuccess };
  });

  app.get('/api/products/get_sold_products', requireUser, async (request) => {
    const { page, size } = parseInput(SoldListQuerySchema, request.query);
    return { products: await sales.listSoldProducts(request.userId!, page, size), page, size };
  });

  app.post('/api/products/change_shipping_status', requireUser, async (request) => {
    const input = parseInput(ChangeShippingStatusSchema, request.body);
    return sales.markShipped(request.userId!, input.product_id);
  });

  // Buyer protection: the buyer confirms receipt; unconfirmed shipments are delivered by a job.
  const buyerOnly = { onRequest: auth.requireUser };
  app.post('/api/products/confirm_delivery', buyerOnly, async (request) => {
    const input = parseInput(ConfirmDeliverySchema, request.body);
    return sales.confirmDelivery(request.userId!, input.product_id);
  });

  app.get('/api/products/get_purchased_products', buyerOnly, async (request) => {
    const { page, size } = parseInput(SoldListQuerySchema, request.query);
    return { products: await sales.listPurchases(request.userId!, page, size), page, size };
  });

  ctx.jobs.register({ name: 'shipping.auto-deliver', run: (now) => sales.deliverDue(now) });
}
