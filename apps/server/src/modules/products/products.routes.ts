import {
  BUY_NOW_IDS_LIMIT,
  productsEndpoints as endpoints,
  parseIdList,
  productMessages,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { bodyLimits } from '../../platform/body-limits.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, notFound, parseInput } from '../../platform/errors.ts';
import { createPreviewCache, renderPreview } from '../../platform/image-previews.ts';
import { databaseImageStore, type ImageVariant } from '../../platform/images.ts';
import { pathId } from '../../platform/path-id.ts';
import { declareRoute } from '../../platform/routes.ts';
import { createReferenceDataService } from '../reference-data/reference-data.service.ts';
import { recordClientAddress } from '../trust/client-addresses.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createProductPhotosService } from './product-photos.service.ts';
import { createProductsService } from './products.service.ts';

/**
 * A 5 MB image is about 6.7 MB as base64: the create route and the photo upload alone accept
 * bodies up to 8 MB. Several photos in one create fit when they are smaller (the web app resizes
 * them before sending); the rest are added one by one.
 */
const CREATE_BODY_LIMIT = 8 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The products calls (sold products and shipping belong to payments) and images. */
export async function productsRoutes(app: FastifyInstance, ctx: AppContext, users: UsersService) {
  const products = createProductsService(ctx, { users, referenceData: createReferenceDataService(ctx) });
  const photos = createProductPhotosService(ctx);
  const previews = createPreviewCache(async (id) => {
    const image = await databaseImageStore.load(ctx.db, id, 'full');
    return image ? renderPreview(image.data).catch(() => null) : null;
  });

  declareRoute(app, ctx, endpoints.create, { bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    await products.assertSeller(request.userId!);
    const input = parseInput(await products.createSchema(), request.body);
    const product = await products.create(request.userId!, input);
    await recordClientAddress(ctx, request.userId!, 'listing', request.ip);
    return reply.status(201).send({ message: productMessages.created, product });
  });

  declareRoute(app, ctx, endpoints.get, {}, async (request) =>
    products.get(pathId(request.params.id), request.userId!),
  );

  declareRoute(app, ctx, endpoints.update, { bodyLimit: bodyLimits.productText }, async (request) => {
    const id = pathId(request.params.id);
    const product = await products.update(request.userId!, id, request.body);
    return { message: productMessages.updated, product };
  });

  declareRoute(app, ctx, endpoints.addImage, { bodyLimit: CREATE_BODY_LIMIT }, async (request, reply) => {
    const product = await photos.add(request.userId!, pathId(request.params.id), request.body);
    return reply.status(201).send({ message: productMessages.imageAdded, product });
  });

  declareRoute(app, ctx, endpoints.removeImage, { bodyLimit: bodyLimits.none }, async (request) => {
    const { id, imageId } = request.params;
    const product = await photos.remove(request.userId!, pathId(id), imageId);
    previews.forget(imageId);
    return { message: productMessages.imageRemoved, product };
  });

  declareRoute(app, ctx, endpoints.reorderImages, {}, async (request) => {
    const product = await photos.reorder(request.userId!, pathId(request.params.id), request.body.image_ids);
    return { message: productMessages.imagesReordered, product };
  });

  declareRoute(app, ctx, endpoints.listOwn, {}, async (request) => products.listOwn(request.userId!));

  declareRoute(app, ctx, endpoints.getBuy, {}, async (request) =>
    products.getBuy(pathId(request.params.id), request.userId),
  );

  declareRoute(app, ctx, endpoints.similar, {}, async (request) =>
    products.listSimilar(pathId(request.params.id)),
  );

  declareRoute(app, ctx, endpoints.byIds, {}, async (request) => {
    const text = request.params['*'];
    const ids = text.includes('/') ? null : parseIdList(text, BUY_NOW_IDS_LIMIT);
    if (!ids) throw badRequest('INVALID_ID_LIST', productMessages.idListInvalid);
    return products.listBuyableByIds(ids);
  });

  declareRoute(app, ctx, endpoints.byCategory, {}, async (request) => {
    const categoryId = pathId(request.params.categoryId, productMessages.categoryMissing);
    const { page, size } = request.query;
    return products.listByCategory(categoryId, page, size);
  });

  declareRoute(app, ctx, endpoints.byUser, {}, async (request) =>
    products.listBuyableByUser(pathId(request.params.userId, productMessages.userNotFound)),
  );

  declareRoute(app, ctx, endpoints.marketplace, {}, async (request) => {
    const { page, size } = request.query;
    return products.marketplace(page, size);
  });

  // Stored images never change (a new upload gets a new id): cached for a year.
  app.get('/images/:id/:file', async (request, reply) => {
    const { id, file } = request.params as { id: string; file: string };
    const variant: ImageVariant | null =
      file === 'full.webp' ? 'full' : file === 'thumb.webp' ? 'thumb' : null;
    if (file === 'preview.jpg') {
      const jpeg = await previews.get(id);
      if (!jpeg) throw notFound('IMAGE_NOT_FOUND', 'Imagen no encontrada');
      return reply.header('cache-control', IMMUTABLE).type('image/jpeg').send(jpeg);
    }
    const image = variant ? await databaseImageStore.load(ctx.db, id, variant) : null;
    if (!image) throw notFound('IMAGE_NOT_FOUND', 'Imagen no encontrada');
    return reply.header('cache-control', IMMUTABLE).type(image.contentType).send(image.data);
  });
}
