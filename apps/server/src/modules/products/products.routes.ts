import {
  BUY_NOW_IDS_LIMIT,
  ProductPageQuerySchema,
  parseIdList,
  productMessages,
  UpdateProductInputSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound, parseInput } from '../../platform/errors.ts';
import { databaseImageStore, type ImageVariant } from '../../platform/images.ts';
import { createCatalogueService } from '../catalogue/catalogue.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createProductsService } from './products.service.ts';

/** A 5 MB image is about 6.7 MB as base64: the create route alone accepts bodies up to 8 MB. */
export const CREATE_BODY_LIMIT = 8 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A path id: a positive integer, else the thing asked for does not exist (404). */
function pathId(value: unknown, message: string = productMessages.notFound): number {
  const text = typeof value === 'string' ? value : '';
  const id = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (id < 1 || id > 2_147_483_647) throw notFound('NOT_FOUND', message);
  return id;
}

/** Products service of spec 2 section 7 (sold products and shipping belong to payments) and images. */
export async function productsRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const { auth } = ctx;
  const products = createProductsService(ctx, { users, catalogue: createCatalogueService(ctx) });

  app.post(
    '/api/products/create',
    { onRequest: auth.requireUser, bodyLimit: CREATE_BODY_LIMIT },
    async (request, reply) => {
      await products.assertSeller(request.userId!);
      const input = parseInput(await products.createSchema(), request.body);
      const product = await products.create(request.userId!, input);
      return reply.status(201).send({ message: productMessages.created, product });
    },
  );

  app.get('/api/products/get_product/:id', { onRequest: auth.requireUser }, async (request) => {
    return products.get(pathId((request.params as { id: string }).id), request.userId!);
  });

  app.put(
    '/api/products/update/:id',
    { onRequest: auth.requireUser, bodyLimit: bodyLimits.productText },
    async (request) => {
      const id = pathId((request.params as { id: string }).id);
      const input = parseInput(UpdateProductInputSchema, request.body);
      const product = await products.update(request.userId!, id, input);
      return { message: productMessages.updated, product };
    },
  );

  app.get('/api/products/get_products', { onRequest: auth.requireUser }, async (request) => {
    return products.listOwn(request.userId!);
  });

  app.get('/api/products/get_product_buy/:id', async (request) => {
    return products.getBuy(pathId((request.params as { id: string }).id));
  });

  app.get('/api/products/get_similar_buy_products/:id', async (request) => {
    return products.listSimilar(pathId((request.params as { id: string }).id));
  });

  // A wildcard, not `:ids`: a list of 100 ids is longer than Fastify's 100-character parameter limit.
  app.get('/api/products/get_buy_now_products/*', async (request) => {
    const text = (request.params as { '*'?: string })['*'] ?? '';
    const ids = text.includes('/') ? null : parseIdList(text, BUY_NOW_IDS_LIMIT);
    if (!ids) throw badRequest('INVALID_ID_LIST', productMessages.idListInvalid);
    return products.listBuyableByIds(ids);
  });

  app.get('/api/products/get_products_by_category/:categoryId', async (request) => {
    const categoryId = pathId(
      (request.params as { categoryId: string }).categoryId,
      productMessages.categoryMissing,
    );
    const { page, size } = parseInput(ProductPageQuerySchema, request.query);
    return products.listByCategory(categoryId, page, size);
  });

  app.get('/api/products/get_buy_now_products_by_user/:userId', async (request) => {
    const userId = pathId((request.params as { userId: string }).userId, productMessages.userNotFound);
    return products.listBuyableByUser(userId);
  });

  app.get('/api/products/marketplace', async (request) => {
    const { page, size } = parseInput(ProductPageQuerySchema, request.query);
    return products.marketplace(page, size);
  });

  // Stored images never change (a new upload gets a new id): cached for a year.
  app.get('/images/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const variant: ImageVariant | null =
      file === 'full.webp' ? 'full' : file === 'thumb.webp' ? 'thumb' : null;
    const image = variant ? await databaseImageStore.load(ctx.db, id, variant) : null;
    if (!image) throw notFound('IMAGE_NOT_FOUND', 'Imagen no encontrada');
    return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.data);
  });
}
