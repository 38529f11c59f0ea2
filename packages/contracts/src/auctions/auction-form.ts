import { z } from 'zod';
import { wholePesos } from '../common/money.schemas.ts';

export const AUCTION_MIN_DURATION_HOURS = 1;
export const AUCTION_MAX_DURATION_HOURS = 168;
export const AUCTION_DEFAULT_DURATION_HOURS = 24;
const AUCTION_MAX_START_AHEAD_DAYS = 7;
export const AUCTION_MAX_START_AHEAD_MS = AUCTION_MAX_START_AHEAD_DAYS * 24 * 3600 * 1000;
export const AUCTION_MAX_PRODUCTS = 50;

/** Create-auction messages and the server's own. */
export const auctionFormMessages = {
  titleRequired: 'El título es obligatorio',
  minOfferInvalid: 'La oferta mínima debe ser un número mayor o igual a 0',
  maxOfferInvalid: 'La oferta máxima debe ser un número mayor o igual a 0',
  maxOfferAboveMin:
    'La oferta máxima debe ser mayor que la oferta mínima o establecerse en 0 para no tener límite',
  durationRange: `La duración debe estar entre ${AUCTION_MIN_DURATION_HOURS} y ${AUCTION_MAX_DURATION_HOURS} horas`,
  startInPast: 'La fecha de inicio no puede ser en el pasado',
  startTooFar: `La fecha de inicio no puede ser mayor a ${AUCTION_MAX_START_AHEAD_DAYS} días a partir de hoy`,
  startInvalid: 'La fecha de inicio no es válida',
  productsRequired: 'Selecciona al menos un producto para la subasta',
  tooManyProducts: `Una subasta puede tener como máximo ${AUCTION_MAX_PRODUCTS} productos`,
} as const;

/** The start picker moves in 5-minute steps. */
export const AUCTION_START_STEP_SECONDS = 300;
/** A start a little behind `now` is the time it took to submit the form, not a past date. */
export const AUCTION_START_GRACE_MS = 2 * 60 * 1000;
const OFFER_FIELDS = new Set<PropertyKey | undefined>(['min_offer', 'max_offer']);

/** max_offer is either 0 (no limit) or above min_offer. */
export function checkOfferRange(minOffer: number, maxOffer: number): string | null {
  if (maxOffer !== 0 && maxOffer <= minOffer) {
    return auctionFormMessages.maxOfferAboveMin;
  }
  return null;
}

/** An optional start: not in the past, not more than 7 days from `now`. */
export function checkStartTime(start: Date | null, now: Date): string | null {
  if (start === null) return null;
  const t = start.getTime();
  if (Number.isNaN(t)) return auctionFormMessages.startInvalid;
  if (t < now.getTime() - AUCTION_START_GRACE_MS) return auctionFormMessages.startInPast;
  if (t > now.getTime() + AUCTION_MAX_START_AHEAD_MS) return auctionFormMessages.startTooFar;
  return null;
}

/** A whole number of pesos; 0 (the default) means none. */
function offer(message: string) {
  return wholePesos(message, { allowZero: true }).default(0);
}

/**
 * The create-auction payload with every create-auction rule, as of `now`
 * (a date, or a function giving the clock's time at each check).
 * Used by the server on the request and by the web form before sending.
 */
export function makeCreateAuctionSchema(now: Date | (() => Date)) {
  const nowAt = typeof now === 'function' ? now : () => now;
  return z
    .object({
      title: z
        .string({ error: auctionFormMessages.titleRequired })
        .trim()
        .min(1, { error: auctionFormMessages.titleRequired })
        .max(200, { error: 'El título puede tener como máximo 200 caracteres', abort: true }),
      min_offer: offer(auctionFormMessages.minOfferInvalid),
      max_offer: offer(auctionFormMessages.maxOfferInvalid),
      is_flash: z.boolean({ error: 'El valor de Subasta Flash no es válido' }).default(false),
      duration: z
        .number({ error: auctionFormMessages.durationRange })
        .int({ error: auctionFormMessages.durationRange })
        .min(AUCTION_MIN_DURATION_HOURS, { error: auctionFormMessages.durationRange })
        .max(AUCTION_MAX_DURATION_HOURS, { error: auctionFormMessages.durationRange, abort: true })
        .default(AUCTION_DEFAULT_DURATION_HOURS),
      started_at: z
        .string({ error: auctionFormMessages.startInvalid })
        .max(64, { error: auctionFormMessages.startInvalid, abort: true })
        .nullish()
        .transform((v, ctx) => {
          if (!v || v.trim() === '') return null;
          const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
          const text = v.trim();
          const date = new Date(/(Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
          if (!iso.test(text) || Number.isNaN(date.getTime())) {
            ctx.addIssue({ code: 'custom', message: auctionFormMessages.startInvalid });
            return z.NEVER;
          }
          const problem = checkStartTime(date, nowAt());
          if (problem) {
            ctx.addIssue({ code: 'custom', message: problem });
            return z.NEVER;
          }
          return date;
        }),
      products: z
        .array(z.number().int().positive().max(2_147_483_647), {
          error: auctionFormMessages.productsRequired,
        })
        .min(1, { error: auctionFormMessages.productsRequired })
        .max(AUCTION_MAX_PRODUCTS, { error: auctionFormMessages.tooManyProducts, abort: true })
        .transform((ids) => [...new Set(ids)]),
    })
    .check(
      z.refine((v) => checkOfferRange(v.min_offer, v.max_offer) === null, {
        path: ['max_offer'],
        error: auctionFormMessages.maxOfferAboveMin,
        // Also when other fields failed, so the form shows every message at once; but only once
        // both offers are numbers.
        when: (payload) => !payload.issues.some((issue) => OFFER_FIELDS.has(issue.path?.[0])),
      }),
    );
}
export type CreateAuctionInput = z.infer<ReturnType<typeof makeCreateAuctionSchema>>;
export type CreateAuctionPayload = z.input<ReturnType<typeof makeCreateAuctionSchema>>;
