import {
  attributesFromColumns,
  type Product,
  type ProductDetail,
  type PublicProduct,
  productMessages,
} from '@app/contracts';
import type { Database } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { imageUrls, photoView } from '../../platform/images.ts';
import { toPesos, toPesosOrNull } from '../../platform/money.ts';
import { type ProductDetailRow, type ProductRow, productsRepository } from './products.repository.ts';

/** What anyone who may see a product sees. */
function publicFields(row: ProductRow) {
  return {
    id: row.id,
    owner_id: row.owner_id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    year: row.year,
    ...imageUrls(row.image_id),
    can_be_bought: row.can_be_bought,
    sell_price: toPesosOrNull(row.sell_price),
    accepts_offers: row.accepts_offers,
    category_id: row.category_id,
    category_name: row.category_name,
    brand_id: row.brand_id,
    brand_name: row.brand_name,
    scale_id: row.scale_id,
    scale_name: row.scale_name ?? null,
    ...attributesFromColumns(row),
    status: row.status,
    created_at: row.created_at.toISOString(),
  };
}

/** The owner's view: the public fields and the prices and state only the owner sees. */
export function toProduct(row: ProductRow): Product {
  return {
    ...publicFields(row),
    reserve_price: toPesos(row.reserve_price),
    base_price: toPesosOrNull(row.base_price),
    auto_accept_price: toPesosOrNull(row.auto_accept_price),
    auto_decline_price: toPesosOrNull(row.auto_decline_price),
    auction_id: row.auction_id,
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function toPublicProduct(row: ProductRow): PublicProduct {
  return { ...publicFields(row), owner_username: row.owner_username };
}

/** The owner's view with the photos in order (the product page, create, edits). */
export function toProductDetail(row: ProductDetailRow): ProductDetail {
  return { ...toProduct(row), images: row.photos.map(photoView) };
}

/** A product by id with its photos, or 404. */
export async function requireProduct(db: Database, id: number): Promise<ProductDetailRow> {
  const row = await productsRepository.findById(db, id);
  if (!row) throw notFound('PRODUCT_NOT_FOUND', productMessages.notFound);
  return row;
}
