import { z } from 'zod';

/** Carriers a seller can name when marking a sale shipped; `otra` covers anything else (in person). */
export const CARRIERS = [
  'servientrega',
  'coordinadora',
  'interrapidisimo',
  'envia',
  '472',
  'deprisa',
  'otra',
] as const;
export type Carrier = (typeof CARRIERS)[number];

export const carrierLabels: Record<Carrier, string> = {
  servientrega: 'Servientrega',
  coordinadora: 'Coordinadora',
  interrapidisimo: 'Interrapidísimo',
  envia: 'Envía',
  '472': '4-72',
  deprisa: 'Deprisa',
  otra: 'Otra (entrega en persona u otra transportadora)',
};

export const TRACKING_NUMBER_MAX = 40;

export const trackingMessages = {
  carrier: 'Transportadora',
  trackingNumber: 'Número de guía',
  carrierInvalid: 'Elige una transportadora de la lista',
  trackingNumberRequired: 'El número de guía es obligatorio para esta transportadora',
  trackingNumberTooLong: `El número de guía tiene máximo ${TRACKING_NUMBER_MAX} caracteres`,
  trackingNumberInvalid: 'El número de guía solo puede tener letras, números y guiones',
  trackLink: 'Rastrear envío',
  noTracking: 'Sin número de guía',
} as const;

/**
 * The carriers' public tracking pages, the one place they are kept. `{guia}` is replaced by the
 * tracking number; a page without it opens the carrier's search (the person types the number).
 * A carrier with no public page we trust has none: no link is better than a wrong one.
 */
const trackingUrlTemplates: Partial<Record<Carrier, string>> = {
  servientrega: 'https://mobile.servientrega.com/WebSitePortal/RastreoEnvioDetalle.html?Guia={guia}',
  coordinadora: 'https://coordinadora.com/rastreo/rastreo-de-guia/detalle-de-rastreo-de-guia/?guia={guia}',
  interrapidisimo: 'https://www3.interrapidisimo.com/SiguetuEnvio/shipment',
  '472': 'https://svc1.sipost.co/trazawebsip2/default.aspx?Buscar={guia}',
};

/** The carrier's tracking page for this shipment, or null (no carrier, no page, or no number). */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber) return null;
  const template = trackingUrlTemplates[carrier as Carrier];
  if (!template) return null;
  return template.replace('{guia}', encodeURIComponent(trackingNumber));
}

export function carrierLabel(carrier: string | null | undefined): string | null {
  if (!carrier) return null;
  return carrierLabels[carrier as Carrier] ?? carrier;
}

/** Tracking as lists show it (purchases, sales, claims). */
export const TrackingSchema = z.object({
  carrier: z.enum(CARRIERS),
  carrier_label: z.string(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
});
export type Tracking = z.infer<typeof TrackingSchema>;

export function toTracking(carrier: string | null, trackingNumber: string | null): Tracking | null {
  if (!carrier || !(CARRIERS as readonly string[]).includes(carrier)) return null;
  return {
    carrier: carrier as Carrier,
    carrier_label: carrierLabel(carrier)!,
    tracking_number: trackingNumber,
    tracking_url: trackingUrl(carrier, trackingNumber),
  };
}

/**
 * The tracking fields of "mark shipped": both optional (older clients send neither); a carrier
 * other than `otra` needs a number; a number needs a carrier.
 */
export const TrackingInputShape = {
  carrier: z.enum(CARRIERS, { error: trackingMessages.carrierInvalid }).optional(),
  tracking_number: z
    .string({ error: trackingMessages.trackingNumberInvalid })
    .trim()
    .max(TRACKING_NUMBER_MAX, { error: trackingMessages.trackingNumberTooLong, abort: true })
    .regex(/^[A-Za-z0-9-]*$/, { error: trackingMessages.trackingNumberInvalid })
    .optional()
    .transform((v) => (v ? v : undefined)),
};

export function checkTracking(
  value: { carrier?: Carrier | undefined; tracking_number?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.carrier && value.carrier !== 'otra' && !value.tracking_number) {
    ctx.addIssue({
      code: 'custom',
      path: ['tracking_number'],
      message: trackingMessages.trackingNumberRequired,
    });
  }
  if (!value.carrier && value.tracking_number) {
    ctx.addIssue({ code: 'custom', path: ['carrier'], message: trackingMessages.carrierInvalid });
  }
}
