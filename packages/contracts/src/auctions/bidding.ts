import { moneyProblem, moneyProblemMessage } from '../common/money.ts';
import { formatNumber } from '../format.ts';

/** The bid messages the client shows and the server's own rejections. */
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

/** Default increment of the suggested next bid when the auction sets no minimum. */
export const DEFAULT_BID_INCREMENT = 5;
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

/**
 * Why a typed bid (or maximum bid) amount is not one: centavos and too large get the shared
 * money messages, anything else `message`. Null when it is a whole number of pesos in range.
 */
export function bidAmountProblem(
  amount: unknown,
  message: string = bidMessages.invalidAmount,
): string | null {
  const problem = moneyProblem(amount);
  return problem ? moneyProblemMessage(problem, message) : null;
}

/**
 * The bid rules the server enforces (and the form checks first). Returns the first
 * message that applies, or null when the bid is acceptable. Every amount is whole pesos.
 */
export function validateBid({ amount, highest, min_offer, max_offer }: BidCheck): string | null {
  const problem = bidAmountProblem(amount);
  if (problem) return problem;
  const h = Math.max(0, highest || 0);
  const min = Math.max(0, min_offer || 0);
  const max = Math.max(0, max_offer || 0);
  if (amount <= h) return bidMessages.tooLow(highest || 0);
  if (min > 0 && amount < h + min) return bidMessages.minIncrement(min_offer);
  if (max > 0 && amount > h + max) return bidMessages.maxIncrement(max_offer);
  return null;
}

/** Suggested next bid: highest + min_offer, or + 5 when the auction sets no minimum. */
export function suggestedNextBid(highest: number, minOffer: number): number {
  const increment = minOffer > 0 ? minOffer : DEFAULT_BID_INCREMENT;
  return (highest || 0) + increment;
}
