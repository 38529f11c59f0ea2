import { z } from 'zod';

/** Spanish texts of payments, won auctions, sales, payouts and the bank account. */
export const paymentMessages = {
  // Bank form.
  bankRequired: 'Seleccione un banco',
  accountNumberRequired: 'El número de cuenta es obligatorio',
  accountNumberDigits: 'El número de cuenta debe contener solo números',
  accountTypeRequired: 'Seleccione un tipo de cuenta',
  accountNameRequired: 'El nombre del titular es obligatorio',
  documentTypeRequired: 'Seleccione un tipo de documento',
  documentNumberRequired: 'El número de documento es obligatorio',
  documentNumberInvalid: 'El número de documento solo puede contener letras, números, puntos y guiones',
  accountNumberTooLong: 'El número de cuenta no puede tener más de 30 dígitos',
  oneAccountOnly: 'Solo puedes tener una cuenta bancaria registrada. Edita la actual si deseas cambiarla.',
  bankAccountCreated:
    '¡Cuenta bancaria registrada correctamente! Ahora podrás recibir los pagos por tus ventas.',
  bankAccountUpdated: '¡Cuenta bancaria actualizada correctamente!',
  bankAccountNotFound: 'No tienes una cuenta bancaria registrada.',
  // Bank and payouts page errors.
  banksLoadError: 'Error al cargar la lista de bancos',
  accountsLoadError: 'Error al cargar sus cuentas bancarias',
  documentTypesLoadError: 'Error al cargar los tipos de documento',
  pendingPaymentsLoadError: 'Error al cargar los pagos pendientes',
  paymentDetailLoadError: 'Error al cargar los detalles del pago',
  bankSaveError: 'Ha ocurrido un error al guardar la cuenta bancaria',
  dataLoadError: 'Error al cargar los datos necesarios',
  payoutNotFound: 'No se encontró el pago.',
  payoutHeld: 'Retenido hasta la entrega',
  payoutPayable: 'Disponible para pago',
  payoutHeldTotal: 'Retenido hasta la entrega',
  payoutPayableTotal: 'Disponible para pago',
  // Payment result page.
  missingParams: 'Faltan parámetros requeridos en la URL',
  verifying: 'Verificando estado del pago...',
  paymentCompleted: '¡Pago Completado!',
  paymentFailed: 'Error al procesar el pago',
  unknownStatus: 'Desconocido',
  verifyError: (provider: string) => `Error al verificar el pago con ${provider}`,
  transactionFailed: 'No se pudo procesar la transacción',
  // Won auctions page.
  wonEmpty: 'No has ganado ninguna subasta todavía',
  linkAvailable: 'Link de pago disponible',
  generateLinkHint: 'Genera tu link de pago',
  wonLoadError: 'No se pudieron cargar tus subastas ganadas.',
  // Server rules.
  paymentNotFound: 'No se encontró el pago.',
  paymentAlreadyConfirmed: 'Este pago ya fue confirmado.',
  paymentExpired: 'El plazo para pagar este artículo expiró.',
  paymentCancelled: 'Este pago fue cancelado.',
  paymentProcessing: 'Tu pago se está procesando. Espera la confirmación antes de intentarlo de nuevo.',
  linkCreated: 'Link de pago generado correctamente.',
  linkFailed: 'No se pudo generar el link de pago. Intenta de nuevo en unos minutos.',
  linkTimeout:
    'El procesador de pagos no respondió a tiempo. No se hizo ningún cobro; intenta de nuevo en unos minutos.',
  defaultAddressRequired:
    'Debes registrar una dirección de envío predeterminada antes de pagar. Agrégala en "Direcciones de envío".',
  productNotFound: 'No se encontró el producto.',
  ownProduct: 'No puedes comprar tu propio producto.',
  notBuyable: 'Este producto no está disponible para compra directa.',
  notAvailable: 'Este producto ya no está disponible para la compra.',
  reservedByOther: 'Este producto está reservado por otro comprador',
  duplicateCharge: 'Este pedido ya estaba pagado. Tu pago repetido será reembolsado.',
  paymentVoided: 'El cobro de esta venta fue anulado en Bold: el pago al vendedor queda retenido.',
  soldToAnother: 'El producto ya fue vendido a otro comprador. Tu pago será reembolsado.',
  noLongerReserved: 'El plazo de pago de este artículo había vencido. Tu pago será reembolsado.',
  amountMismatch: 'El monto pagado no coincide con el del pedido. Tu pago será revisado y reembolsado.',
  paymentRejected: 'El pago fue rechazado por la entidad. Puedes intentarlo de nuevo.',
  invalidSignature: 'La firma de la notificación no es válida.',
  invalidNotification: 'La notificación no tiene el formato esperado.',
  // Sandbox checkout.
  sandboxTitle: 'Pasarela de pruebas',
  sandboxLinkExpired: 'Este link de pago expiró. Vuelve a la tienda y genera uno nuevo.',
  sandboxAlreadyProcessed: 'Este pago ya fue procesado.',
  sandboxLinkNotFound: 'No se encontró el link de pago.',
} as const;

/** Payment rows: pending until paid; confirmed is final; expired after the window (CONTRACT 5, 7). */
export const PAYMENT_STATUSES = [
  'pending',
  'processing',
  'confirmed',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type PaymentStatusValue = (typeof PAYMENT_STATUSES)[number];

const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** A won-auction item, or an accepted offer waiting for payment; amount in COP. */
export const WonAuctionItemSchema = z.object({
  kind: z.enum(['auction', 'offer']),
  /** Null for an accepted offer, or a sale whose auction left no record (the demo buyer's past purchases). */
  auction_id: z.number().nullable(),
  seller_username: z.string(),
  payment_id: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  product_image: z.string().nullable(),
  status: PaymentStatusSchema,
  amount: z.number(),
  currency: z.string(),
  /** The checkout address while one is usable; null when a (fresh) link must be generated. */
  payment_link: z.string().nullable(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type WonAuctionItem = z.infer<typeof WonAuctionItemSchema>;

export const PaymentLinkResponseSchema = z.object({
  message: z.string(),
  payment_id: z.string(),
  payment_link: z.string(),
  status: PaymentStatusSchema,
  link_expires_at: z.string().nullable(),
});
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponseSchema>;

export const BuyProductResponseSchema = z.object({ payment_id: z.string(), payment_link: z.string() });
export type BuyProductResponse = z.infer<typeof BuyProductResponseSchema>;

export const PaymentVerificationSchema = z.object({
  payment_id: z.string(),
  status: PaymentStatusSchema,
  kind: z.enum(['auction', 'buy_now', 'offer']),
  auction_id: z.number().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  confirmed_at: z.string().nullable(),
  /** Why a payment was not confirmed, when there is a reason to tell. */
  message: z.string().nullable(),
});
export type PaymentVerification = z.infer<typeof PaymentVerificationSchema>;

/**
 * A payout is held until its product is delivered (and the claim window passed), then payable,
 * then paid once an operator transferred it.
 */
export const PAYOUT_STATUSES = ['held', 'payable', 'paid', 'cancelled'] as const;
export type PayoutStatusValue = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_HOLD_REASONS = ['delivery', 'claim_window', 'claim', 'cancelled'] as const;
export type PayoutHoldReason = (typeof PAYOUT_HOLD_REASONS)[number];

/** The seller's page text of a payout: the hold's reason for held ones, else its status. */
export function payoutHoldLabel(
  status: string,
  hold: { reason: PayoutHoldReason; until: string | null } | null | undefined,
  formatDate: (iso: string) => string,
): string {
  if (status !== 'held' || !hold) return payoutStatusLabel(status);
  switch (hold.reason) {
    case 'claim_window':
      return hold.until ? `En periodo de reclamos hasta ${formatDate(hold.until)}` : 'En periodo de reclamos';
    case 'claim':
      return 'En reclamo';
    case 'cancelled':
      return 'Cancelado: reembolsado al comprador';
    default:
      return payoutStatusLabel(status);
  }
}

/** A seller's payout for one sale; amounts in COP with centavos. */
export const SellerPaymentSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  product_id: z.number(),
  product_name: z.string(),
  product_amount: z.number(),
  commission_amount: z.number(),
  payment_processor_fee: z.number(),
  payable_amount: z.number(),
  currency: z.string(),
  /** Held until the buyer receives the product, then payable, then paid. */
  status: z.enum(PAYOUT_STATUSES),
  /** When an operator marked it paid, and the bank transfer's reference (null until then). */
  paid_at: z.string().nullable(),
  reference: z.string().nullable(),
  /**
   * Why a held payout waits: the delivery, the claim window after it (until when), an open
   * claim, or nothing any more because the buyer was refunded (`cancelled`). Null once payable.
   */
  hold: z.object({ reason: z.enum(PAYOUT_HOLD_REASONS), until: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SellerPayment = z.infer<typeof SellerPaymentSchema>;

export const SellerPaymentDetailSchema = z.object({
  product: z.object({ id: z.number(), name: z.string(), image: z.string().nullable() }),
  payment: SellerPaymentSchema,
});
export type SellerPaymentDetail = z.infer<typeof SellerPaymentDetailSchema>;

/** Label and tone of a won item's status. */
export function wonStatusLabel(status: string | null | undefined): string {
  if (status === 'confirmed') return 'Pagado';
  if (status === 'expired') return 'Expirado';
  return 'Pendiente';
}

export type StatusTone = 'success' | 'danger' | 'warning' | 'info' | 'neutral';

export function wonStatusTone(status: string | null | undefined): StatusTone {
  if (status === 'confirmed') return 'success';
  if (status === 'expired') return 'danger';
  return 'warning';
}

/** Payout status: distinct colours for held, payable and older states. */
export function payoutStatusTone(status: string | null | undefined): StatusTone {
  switch (status) {
    case 'held':
      return 'warning';
    case 'payable':
      return 'success';
    case 'pending':
      return 'warning';
    case 'confirmed':
    case 'paid':
      return 'success';
    case 'rejected':
      return 'danger';
    case 'processing':
      return 'info';
    default:
      return 'neutral';
  }
}

export function payoutStatusLabel(status: string | null | undefined): string {
  switch (status) {
    case 'held':
      return paymentMessages.payoutHeld;
    case 'payable':
      return paymentMessages.payoutPayable;
    case 'pending':
      return 'Pendiente';
    case 'confirmed':
    case 'paid':
      return 'Pagado';
    case 'cancelled':
      return 'Cancelado: reembolsado al comprador';
    case 'rejected':
      return 'Rechazado';
    case 'processing':
      return 'En proceso';
    default:
      return status ? status : 'Desconocido';
  }
}

/** Payment ID display: first 8 characters plus an ellipsis. */
export function shortPaymentId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** What the payment result page shows. */
export type PaymentResultView =
  | { kind: 'missing-params' }
  | { kind: 'verify' }
  | { kind: 'success' }
  | { kind: 'failure'; detail: string };

/**
 * Decides the payment result page from the return URL and, once asked, the server's status.
 * Only an approved return confirmed by the server is a success; the browser's word alone never is.
 */
export function paymentResultView(input: {
  txStatus: string | null | undefined;
  paymentId: string | null | undefined;
  /** undefined: not verified yet; null: the server gave no status. */
  serverStatus?: string | null;
}): PaymentResultView {
  const { txStatus, paymentId, serverStatus } = input;
  if (!txStatus || !paymentId) return { kind: 'missing-params' };
  if (txStatus !== 'approved') return { kind: 'failure', detail: paymentStatusDetail(txStatus) };
  if (serverStatus === undefined) return { kind: 'verify' };
  if (serverStatus === 'confirmed') return { kind: 'success' };
  return { kind: 'failure', detail: paymentStatusDetail(serverStatus) };
}

export function paymentStatusDetail(status: string | null | undefined): string {
  return `Estado del pago: ${status || paymentMessages.unknownStatus}`;
}

/** Every page says so while the payments provider is the sandbox (nothing is charged). */
export const TEST_MODE_BANNER = 'Modo de pruebas: ningún pago es real';
