import { z } from 'zod';
import type { StatusTone } from '../payments/payment.schemas.ts';

/** Spanish texts of the sales page and the shipping action (spec 2 sections 2 and 8). */
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

/** Shipping status label (spec 2 section 4); unknown shows Desconocido. */
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

/** Product payment status label (spec 2 section 4): anything else is Desconocido. */
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
 * status text (spec 2 section 2).
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
export const ChangeShippingStatusSchema = z.object({
  product_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z
      .number({ error: shippingStatusMessages.productIdRequired })
      .int({ error: shippingStatusMessages.productIdRequired })
      .positive({ error: shippingStatusMessages.productIdRequired })
      .max(2_147_483_647, { error: shippingStatusMessages.productIdRequired, abort: true }),
  ),
  shipping_status: z.literal('shipped', { error: shippingStatusMessages.onlyShipped }),
});
export type ChangeShippingStatusInput = z.infer<typeof ChangeShippingStatusSchema>;

/** `POST /api/products/confirm_delivery`: the buyer says a shipped product arrived. */
export const ConfirmDeliverySchema = z.object({
  product_id: ChangeShippingStatusSchema.shape.product_id,
});
export type ConfirmDeliveryInput = z.infer<typeof ConfirmDeliverySchema>;

/** A purchase (won or bought) as its buyer sees it. */
export interface PurchasedProduct {
  product_id: number;
  payment_id: string;
  kind: 'auction' | 'buy_now';
  product_name: string;
  product_image: string | null;
  price: number;
  currency: string;
  seller_username: string;
  product_status: string;
  shipping_status: string;
  paid_at: string | null;
  shipped_at: string | null;
  delivered_at: string | null;
  /** The buyer's rating of this purchase, once given. */
  rating: { score: number; comment: string | null; created_at: string } | null;
}

export interface PurchasedProductsResponse {
  products: PurchasedProduct[];
}

/** The shipping address recorded with a sale (a snapshot of the buyer's default). */
export interface SaleShippingAddress {
  address: string;
  city: string;
  state: string;
  country: string;
  zip_code: string;
}

/** A sold product as the seller sees it (spec 2 section 3). */
export interface SoldProduct {
  product_id: number;
  payment_id: string;
  product_name: string;
  product_image: string | null;
  sold_price: number;
  currency: string;
  buyer_name: string | null;
  buyer_username: string;
  buyer_email: string;
  buyer_phone: string | null;
  shipping_address: SaleShippingAddress | string | null;
  product_status: string;
  shipping_status: string;
  sold_at: string | null;
  shipped_at: string | null;
}

export interface SoldProductsResponse {
  products: SoldProduct[];
}

/** One line for an address (cards, tables). */
export function formatSaleAddress(address: SaleShippingAddress | string | null | undefined): string {
  if (!address) return 'N/A';
  if (typeof address === 'string') return address;
  return [address.address, address.city, address.state, address.country, address.zip_code]
    .filter((part) => part && String(part).trim())
    .join(', ');
}
