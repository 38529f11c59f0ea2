import { expect } from 'vitest';
import { apiCall } from './browser.ts';

/** A 2x2 PNG data URL, enough for the server to accept and re-encode. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

/**
 * Creates a product through the API as the seller behind `token` (test set-up) and returns its id.
 * The category is chosen by name; the brand by name when given, else the category's first.
 */
export async function createProductViaApi(
  token: string,
  product: {
    name: string;
    categoryName: 'Autos die-cast' | 'Cartas coleccionables' | 'Figuras de vinilo';
    brandName?: string;
    year?: number;
    description?: string;
    reserve_price?: number;
    [extra: string]: unknown;
  },
): Promise<number> {
  const { categoryName, brandName, ...fields } = product;
  const categories = await apiCall<Array<{ id: number; name: string }>>('GET', '/api/categories');
  const category = categories.body.find((c) => c.name === categoryName)!;
  const brands = await apiCall<Array<{ id: number; name: string }>>('GET', `/api/brands/${category.id}`);
  const brand = brands.body.find((b) => b.name === brandName) ?? brands.body[0]!;
  const res = await apiCall('POST', '/api/products/create', token, {
    year: 2021,
    description: 'Producto de prueba creado por las pruebas de navegador.',
    reserve_price: 50_000,
    image: TINY_PNG,
    ...fields,
    category_id: category.id,
    brand_id: brand.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.id ?? res.body.product?.id) as number;
}

/** The id of the listed product named `name` (browsing finds what can be bought now). */
export async function listedProductId(name: string, kind: 'auction' | 'buy_now'): Promise<number> {
  const res = await apiCall<{ items: Array<{ product_id: number; name: string }> }>(
    'GET',
    `/api/catalog/browse?kind=${kind}&q=${encodeURIComponent(name)}&size=50`,
  );
  const item = res.body.items.find((i) => i.name === name);
  if (!item) throw new Error(`${name} is not listed`);
  return item.product_id;
}
