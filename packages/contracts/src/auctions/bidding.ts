import { formatNumber } from '../format.ts';

/** The bid messages of spec 1 section 5 and the server's own rejections. */
export const bidMessages = {
  invalidAmount: 'Por favor, ingresa un monto válido para la puja',
  tooLow: (highest: number) => `Tu puja debe ser mayor que la puja actual de $${formatNumber(highest)}`,
  minIncrement: (minOffer: number) => `El incremento mínimo de puja es $${formatNumber(minOffer)}`,
  maxIncrement: (maxOffer: number) =>
    `El incremento máximo permitido sobre la puja actual es $${formatNumber(maxOffer)}`,
  auctionNotActive: 'La subasta no está activa',
  auctionEnded: 'La subasta ha finalizado',
  ownProduct: 'No puedes pujar en tus propios productos',
  productNotInAuction: 'El producto no pertenece a esta subasta',
  auctionNotFound: 'No se encontró la subasta',
  placeError: 'Error al realizar la puja',
  placed: '¡Puja realizada con éxito!',
  invalidMax: 'Por favor, ingresa un monto válido para la puja máxima',
  maxBelowAmount: 'La puja máxima debe ser igual o mayor que tu puja',
  maxNotLeader: 'Solo quien va ganando puede subir su puja máxima sin pujar',
  maxTooLow: (current: number) =>
    `Tu puja máxima debe ser mayor que tu puja actual de $${formatNumber(current)}`,
  maxSaved: 'Puja máxima actualizada',
} as const;

/** Default increment of the suggested next bid when the auction sets no minimum (spec 1 section 9). */
export const DEFAULT_BID_INCREMENT = 5;
/** Largest amount a bid may carry (pesos); keeps centavos far inside JS safe integers. */
export const MAX_BID_AMOUNT = 1_000_000_000_000;

export interface BidCheck {
  /** The amount offered, in pesos. */
  amount: number;
  /** The current highest bid, 0 when there is none. */
  highest: number;
  /** Minimum increment over the highest bid; 0 means none. */
  min_offer: number;
  /** Maximum increment over the highest bid; 0 means no limit. */
  max_offer: number;
}

const cents = (pesos: number) => Math.round(pesos * 100);

/** True when the amount is a finite positive number of whole centavos inside the allowed range. */
export function isValidBidAmount(amount: unknown): amount is number {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return false;
  if (amount <= 0 || amount > MAX_BID_AMOUNT) return false;
  return Math.abs(amount * 100 - cents(amount)) < 1e-6;
}

/**
 * The bid rules of CONTRACT section 7 (messages of spec 1 section 5). Returns the first
 * message that applies, or null when the bid is acceptable. Compared in centavos so pesos with
 * decimals never suffer floating-point surprises.
 */
export function validateBid({ amount, highest, min_offer, max_offer }: BidCheck): string | null {
  if (!isValidBidAmount(amount)) return bidMessages.invalidAmount;
  const a = cents(amount);
  const h = cents(Math.max(0, highest || 0));
  const min = cents(Math.max(0, min_offer || 0));
  const max = cents(Math.max(0, max_offer || 0));
  if (a <= h) return bidMessages.tooLow(highest || 0);
  if (min > 0 && a < h + min) return bidMessages.minIncrement(min_offer);
  if (max > 0 && a > h + max) return bidMessages.maxIncrement(max_offer);
  return null;
}

/** Suggested next bid: highest + min_offer, or + 5 when the auction sets no minimum. */
export function suggestedNextBid(highest: number, minOffer: number): number {
  const increment = minOffer > 0 ? minOffer : DEFAULT_BID_INCREMENT;
  return (cents(highest || 0) + cents(increment)) / 100;
}
