import { z } from 'zod';
import { CLAIM_STATUSES } from '../claims/claim-reasons.ts';
import type { StatusTone } from '../payments/payment.schemas.ts';
import { checkTracking, TrackingInputShape, TrackingSchema } from './tracking.ts';

/** Spanish texts of the sales page and the shipping action. */
export const shippingStatusMessages = {
  markShipped: 'Marcar como Enviado',
  inDelivery: 'En proceso de entrega',
  delivered: 'Entregado',
  notAvailable: 'No disponible',
  markedShipped: '¡Producto marcado como enviado exitosamente!',
  markShippedFailed: 'No se pudo actualizar el estado del producto. Intente nuevamente.',
  soldEmpty: 'No has vendido ningún producto todavía',
  soldLoading: 'Cargando tus productos vendidos...',
  soldLoadError: 'No se pudieron cargar tus productos vendidos.',
  onlyShipped: 'Solo puedes marcar el producto como enviado.',
  productIdRequired: 'El producto es obligatorio',
  saleNotFound: 'No se encontró la venta de este producto.',
  alreadyShipped: 'Este producto ya fue marcado como enviado.',
  // Delivery (buyer protection).
  confirmDelivery: 'Confirmar recepción',
  confirmDeliveryQuestion: (product: string) =>
    `¿Ya recibiste "${product}"? Al confirmarlo, el pago se libera al vendedor y no se puede deshacer.`,
  confirmDeliveryYes: 'Sí, lo recibí',
  deliveryConfirmed: '¡Recepción confirmada! Gracias por avisar al vendedor.',
  deliveryConfirmFailed: 'No se pudo confirmar la recepción. Intenta de nuevo.',
  purchaseNotFound: 'No se encontró tu compra de este producto.',
  notShipped: 'Solo puedes confirmar la recepción de un producto enviado.',
  purchasesEmpty: 'Todavía no has comprado ningún producto',
  purchasesLoading: 'Cargando tus compras...',
  purchasesLoadError: 'No se pudieron cargar tus compras.',
} as const;

/** A shipped sale becomes delivered by itself this long after shipping. */
export const AUTO_DELIVERY_DAYS = 14;

export const SHIPPING_STATUSES = [
  'pending',
  'shipped',
  'delivered',
  'returned',
  'cancelled',
  'in_transit',
  'lost',
] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

const shippingLabels: Record<ShippingStatus, string> = {
  pending: 'Pendiente',
  shipped: 'Enviado',
  delivered: 'Entregado',
  returned: 'Devuelto',
  cancelled: 'Cancelado',
  in_transit: 'En Tránsito',
  lost: 'Extraviado',
};

/** Shipping status label; unknown shows Desconocido. */
export function shippingStatusLabel(status: string | null | undefined): string {
  return (status && shippingLabels[status as ShippingStatus]) || 'Desconocido';
}

export function shippingStatusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'shipped':
    case 'in_transit':
      return 'info';
    case 'delivered':
      return 'success';
    case 'returned':
    case 'cancelled':
    case 'lost':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** Product payment status label: anything else is Desconocido. */
export function productPaymentStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'sold':
      return 'Pagado';
    case 'shipped':
      return 'Enviado';
    case 'delivered':
      return 'Entregado';
    case 'cancelled':
      return 'Cancelado';
    default:
      return 'Desconocido';
  }
}

/**
 * The seller's action on a sale: only a pending shipment can be marked shipped; otherwise a
 * status text.
 */
export function shippingAction(
  status: string | null | undefined,
): { kind: 'mark-shipped'; label: string } | { kind: 'text'; label: string } {
  const value = status || 'pending';
  if (value === 'pending') return { kind: 'mark-shipped', label: shippingStatusMessages.markShipped };
  if (value === 'shipped' || value === 'in_transit')
    return { kind: 'text', label: shippingStatusMessages.inDelivery };
  if (value === 'delivered') return { kind: 'text', label: shippingStatusMessages.delivered };
  return { kind: 'text', label: shippingStatusMessages.notAvailable };
}

/** `POST /api/products/change_shipping_status`: the seller moves only pending → shipped. */
export const ChangeShippingStatusSchema = z
  .object({
    product_id: z.preprocess(
      (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
      z
        .number({ error: shippingStatusMessages.productIdRequired })
        .int({ error: shippingStatusMessages.productIdRequired })
        .positive({ error: shippingStatusMessages.productIdRequired })
        .max(2_147_483_647, { error: shippingStatusMessages.productIdRequired, abort: true }),
    ),
    shipping_status: z.literal('shipped', { error: shippingStatusMessages.onlyShipped }),
    ...TrackingInputShape,
  })
  .superRefine(checkTracking);
export type ChangeShippingStatusInput = z.infer<typeof ChangeShippingStatusSchema>;

/** `POST /api/products/confirm_delivery`: the buyer says a shipped product arrived. */
export const ConfirmDeliverySchema = z.object({
  product_id: ChangeShippingStatusSchema.shape.product_id,
});
export type ConfirmDeliveryInput = z.infer<typeof ConfirmDeliverySchema>;

/** A purchase (won or bought) as its buyer sees it. */
export const PurchasedProductSchema = z.object({
  product_id: z.number(),
  payment_id: z.string(),
  kind: z.enum(['auction', 'buy_now', 'offer']),
  product_name: z.string(),
  product_image: z.string().nullable(),
  price: z.number(),
  currency: z.string(),
  seller_username: z.string(),
  product_status: z.string(),
  shipping_status: z.string(),
  paid_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** Carrier and number given when it was shipped (null before, or for older sales). */
  tracking: TrackingSchema.nullable(),
  /** Until when a claim may be opened on it once delivered (null before delivery). */
  claim_window_ends_at: z.string().nullable(),
  /** The purchase's latest claim, if any. */
  claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES) }).nullable(),
  /** The buyer's rating of this purchase, once given. */
  rating: z.object({ score: z.number(), comment: z.string().nullable(), created_at: z.string() }).nullable(),
});
export type PurchasedProduct = z.infer<typeof PurchasedProductSchema>;

export const PurchasedProductsResponseSchema = z.object({
  products: z.array(PurchasedProductSchema),
  page: z.number(),
  size: z.number(),
});
export type PurchasedProductsResponse = z.infer<typeof PurchasedProductsResponseSchema>;

/** The shipping address recorded with a sale (a snapshot of the buyer's default). */
export const SaleShippingAddressSchema = z.object({
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zip_code: z.string(),
});
export type SaleShippingAddress = z.infer<typeof SaleShippingAddressSchema>;

/** A sold product as the seller sees it. */
export const SoldProductSchema = z.object({
  product_id: z.number(),
  payment_id: z.string(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  sold_price: z.number(),
  currency: z.string(),
  buyer_name: z.string().nullable(),
  buyer_username: z.string(),
  buyer_email: z.string(),
  buyer_phone: z.string().nullable(),
  shipping_address: z.union([SaleShippingAddressSchema, z.string()]).nullable(),
  product_status: z.string(),
  shipping_status: z.string(),
  sold_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  tracking: TrackingSchema.nullable(),
  /** The sale's latest claim, if any. */
  claim: z.object({ id: z.number(), status: z.enum(CLAIM_STATUSES) }).nullable(),
});
export type SoldProduct = z.infer<typeof SoldProductSchema>;

export const SoldProductsResponseSchema = z.object({
  products: z.array(SoldProductSchema),
  page: z.number(),
  size: z.number(),
});
export type SoldProductsResponse = z.infer<typeof SoldProductsResponseSchema>;

/** What the seller's 'shipped' and the buyer's 'received' answer. */
export const ShippingChangeResponseSchema = z.object({
  message: z.string(),
  product_id: z.number(),
  shipping_status: z.enum(SHIPPING_STATUSES),
  product_status: z.string(),
});

/** One line for an address (cards, tables). */
export function formatSaleAddress(address: SaleShippingAddress | string | null | undefined): string {
  if (!address) return 'N/A';
  if (typeof address === 'string') return address;
  return [address.address, address.city, address.state, address.country, address.zip_code]
    .filter((part) => part && String(part).trim())
    .join(', ');
}
