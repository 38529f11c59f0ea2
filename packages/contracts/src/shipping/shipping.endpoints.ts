import { z } from 'zod';
import { PaginationQuerySchema } from '../common/schemas.ts';
import { defineEndpoint, errorResponses } from '../http/endpoint.ts';
import {
  SetDefaultAddressSchema,
  ShippingAddressInputSchema,
  ShippingAddressSavedSchema,
  ShippingAddressSchema,
} from './shipping-address.schemas.ts';
import {
  ChangeShippingStatusSchema,
  ConfirmDeliverySchema,
  PurchasedProductsResponseSchema,
  ShippingChangeResponseSchema,
  SoldProductsResponseSchema,
} from './shipping-status.ts';

const SalesListQuerySchema = PaginationQuerySchema.extend({
  size: PaginationQuerySchema.shape.size.default(100),
});
// Anything but an id of one of the caller's addresses is "not found", checked by the route.
const AddressParamsSchema = z.object({ id: z.string() });

/**
 * PUT body: exactly {"is_default": true} makes the address the default; anything else is a full
 * address, whose own field messages apply.
 */
export const ShippingAddressUpdateSchema = z.unknown().transform((body, ctx) => {
  const setDefault = SetDefaultAddressSchema.safeParse(body);
  if (setDefault.success) return setDefault.data;
  const address = ShippingAddressInputSchema.safeParse(body);
  if (address.success) return address.data;
  for (const issue of address.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  return z.NEVER;
});

const createAddress = {
  method: 'POST',
  summary: 'Adds a shipping address (the first one becomes the default)',
  tag: 'shipping',
  auth: 'user',
  body: ShippingAddressInputSchema,
  errorCodes: ['TOO_MANY_ADDRESSES'],
  responses: { 201: ShippingAddressSavedSchema, ...errorResponses },
} as const;

export const shippingEndpoints = {
  createAddress: defineEndpoint({ ...createAddress, path: '/api/shipping-addresses' }),
  /** The same call as older clients spell it, with a trailing slash. */
  createAddressSlash: defineEndpoint({ ...createAddress, path: '/api/shipping-addresses/' }),
  addresses: defineEndpoint({
    method: 'GET',
    path: '/api/shipping-addresses/get/user',
    summary: "The caller's shipping addresses (404 when there are none)",
    tag: 'shipping',
    auth: 'user',
    errorCodes: ['NO_ADDRESSES'],
    responses: { 200: z.array(ShippingAddressSchema), 401: errorResponses[401], 404: errorResponses[404] },
  }),
  updateAddress: defineEndpoint({
    method: 'PUT',
    path: '/api/shipping-addresses/:id',
    summary: 'Edits an address, or with only {"is_default": true} makes it the default',
    tag: 'shipping',
    auth: 'user',
    params: AddressParamsSchema,
    body: ShippingAddressUpdateSchema,
    errorCodes: ['ADDRESS_NOT_FOUND'],
    responses: { 200: ShippingAddressSavedSchema, ...errorResponses },
  }),
  deleteAddress: defineEndpoint({
    method: 'DELETE',
    path: '/api/shipping-addresses/:id',
    summary: 'Deletes an address',
    tag: 'shipping',
    auth: 'user',
    params: AddressParamsSchema,
    errorCodes: ['ADDRESS_NOT_FOUND'],
    responses: { 200: z.object({ message: z.string() }), ...errorResponses },
  }),
  soldProducts: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_sold_products',
    summary: "The seller's sold products with buyer and shipping details",
    tag: 'shipping',
    auth: 'user',
    query: SalesListQuerySchema,
    responses: { 200: SoldProductsResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
  markShipped: defineEndpoint({
    method: 'POST',
    path: '/api/products/change_shipping_status',
    summary: 'The seller marks a paid sale shipped (pending → shipped only)',
    tag: 'shipping',
    auth: 'user',
    body: ChangeShippingStatusSchema,
    errorCodes: ['ALREADY_SHIPPED', 'SALE_NOT_FOUND'],
    responses: { 200: ShippingChangeResponseSchema, ...errorResponses },
  }),
  confirmDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/products/confirm_delivery',
    summary: 'The buyer confirms a shipped product arrived (the seller is then paid)',
    tag: 'shipping',
    auth: 'user',
    body: ConfirmDeliverySchema,
    errorCodes: ['NOT_SHIPPED', 'PURCHASE_NOT_FOUND'],
    responses: { 200: ShippingChangeResponseSchema, ...errorResponses },
  }),
  purchases: defineEndpoint({
    method: 'GET',
    path: '/api/products/get_purchased_products',
    summary: "The buyer's purchases with shipping state and rating",
    tag: 'shipping',
    auth: 'user',
    query: SalesListQuerySchema,
    responses: { 200: PurchasedProductsResponseSchema, 400: errorResponses[400], 401: errorResponses[401] },
  }),
};
