import { z } from 'zod';
import { requiredText } from '../common/schemas.ts';
import { userMessages } from '../users/user.schemas.ts';

/** Spanish texts of payments, won auctions, sales, payouts and the bank account (spec 2 sections 2, 5, 8). */
export const paymentMessages = {
  // Bank form (spec 2 section 5).
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
  // Bank and payouts page errors (spec 2 section 8).
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
  // Payment result page (spec 2 sections 2, 4, 8).
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

export const ACCOUNT_TYPES = ['ahorro', 'corriente'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const accountTypeLabels: Record<AccountType, string> = {
  ahorro: 'Ahorros',
  corriente: 'Corriente',
};

/** A select's value (number or digits) as a positive id; anything else is "not chosen". */
function selectedId(message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(2_147_483_647, { error: message, abort: true }),
  );
}

/** Numbers typed into a text field may arrive as JSON numbers; read them as their digits. */
const asText = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v);

/** The bank account form (spec 2 section 5), all fields required. */
export const BankAccountInputSchema = z.object({
  bank_id: selectedId(paymentMessages.bankRequired),
  account_number: z.preprocess(
    asText,
    z
      .string({ error: paymentMessages.accountNumberRequired })
      .trim()
      .min(1, { error: paymentMessages.accountNumberRequired })
      .max(30, { error: paymentMessages.accountNumberTooLong, abort: true })
      .regex(/^\d+$/, { error: paymentMessages.accountNumberDigits }),
  ),
  account_type: z.enum(ACCOUNT_TYPES, { error: paymentMessages.accountTypeRequired }),
  account_name: requiredText(paymentMessages.accountNameRequired, 120),
  account_document_type: requiredText(paymentMessages.documentTypeRequired, 10),
  account_document_number: z.preprocess(
    asText,
    requiredText(paymentMessages.documentNumberRequired, 20).regex(/^[A-Za-z0-9.-]+$/, {
      error: paymentMessages.documentNumberInvalid,
    }),
  ),
  // Payouts go to this account: a stolen session alone must not be able to redirect them.
  current_password: z
    .string({ error: userMessages.currentPasswordRequired })
    .min(1, { error: userMessages.currentPasswordRequired })
    .max(200, { error: userMessages.wrongCurrentPassword, abort: true }),
});
export type BankAccountInput = z.infer<typeof BankAccountInputSchema>;
/** What the form holds before validation (selects give strings). */
export type BankAccountFormValues = z.input<typeof BankAccountInputSchema>;

export interface Bank {
  id: number;
  name: string;
}

/** Document type option (spec 2 section 3: id/value/label/name). */
export interface DocumentTypeOption {
  id: number;
  value: string;
  label: string;
  name: string;
}

export interface BankAccount {
  id: number;
  bank_id: number;
  bank_name: string;
  account_number: string;
  account_type: AccountType;
  account_name: string;
  account_document_type: string;
  account_document_number: string;
  created_at: string;
  updated_at: string;
}

export interface BankAccountSaved {
  message: string;
  account: BankAccount;
}

/** A won-auction item (spec 2 section 3); amount in COP. */
export interface WonAuctionItem {
  auction_id: number;
  payment_id: string;
  product_id: number;
  product_name: string;
  product_image: string | null;
  status: PaymentStatusValue;
  amount: number;
  currency: string;
  /** The checkout address while one is usable; null when a (fresh) link must be generated. */
  payment_link: string | null;
  expires_at: string | null;
  created_at: string;
}

export interface PaymentLinkResponse {
  message: string;
  payment_id: string;
  payment_link: string;
  status: PaymentStatusValue;
  link_expires_at: string | null;
}

export interface BuyProductResponse {
  payment_id: string;
  payment_link: string;
}

export interface PaymentVerification {
  payment_id: string;
  status: PaymentStatusValue;
  kind: 'auction' | 'buy_now';
  auction_id: number | null;
  product_id: number;
  product_name: string;
  amount: number;
  currency: string;
  confirmed_at: string | null;
  /** Why a payment was not confirmed, when there is a reason to tell. */
  message: string | null;
}

/** A seller's payout for one sale (spec 2 section 3); amounts in COP with centavos. */
export interface SellerPayment {
  id: string;
  payment_id: string;
  product_id: number;
  product_name: string;
  product_amount: number;
  commission_amount: number;
  payment_processor_fee: number;
  payable_amount: number;
  currency: string;
  /** Held until the buyer receives the product, then payable. */
  status: PayoutStatusValue;
  created_at: string;
  updated_at: string;
}

export interface SellerPaymentDetail {
  product: { id: number; name: string; image: string | null };
  payment: SellerPayment;
}

/** Label and tone of a won item's status (spec 2 section 4). */
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

/** A payout is held until its product is delivered, then payable. */
export const PAYOUT_STATUSES = ['held', 'payable'] as const;
export type PayoutStatusValue = (typeof PAYOUT_STATUSES)[number];

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
    case 'rejected':
      return 'Rechazado';
    case 'processing':
      return 'En proceso';
    default:
      return status ? status : 'Desconocido';
  }
}

/** Payment ID display (spec 2 section 9): first 8 characters plus an ellipsis. */
export function shortPaymentId(id: string): string {
  return id.length > 8 ? `${id.slice(0, 8)}…` : id;
}

/** What the payment result page shows (spec 2 sections 2 and 4). */
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
