import { z } from 'zod';
import { contactSafe } from '../common/schemas.ts';
import { formatLongDate, marketDay } from '../format.ts';
import { isCalendarDay } from '../users/user.schemas.ts';

/** The longest vacation message a seller may leave. */
export const VACATION_MESSAGE_MAX = 300;

/**
 * "Away until" is a calendar day in the marketplace's time zone: the seller is away until the end
 * of that day in Bogotá (Colombia has no daylight saving, so the day ends at 05:00 UTC the next
 * day). The server stores that instant and a seller counts as away while now is before it.
 */
export function vacationEndsAt(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1, 5));
}

/** The calendar day a stored end instant closes (the inverse of `vacationEndsAt`). */
export function vacationDayOf(endsAt: Date): string {
  return marketDay(new Date(endsAt.getTime() - 1));
}

/** A calendar day in Spanish, as dates read elsewhere ("10 de diciembre de 2026"). */
export function formatVacationDay(day: string): string {
  return formatLongDate(new Date(`${day}T12:00:00-05:00`));
}

export const vacationMessages = {
  title: 'Modo vacaciones',
  intro:
    'Mientras estés de vacaciones nadie puede comprar ni hacer ofertas en tus productos de compra inmediata, las preguntas reciben tu mensaje como respuesta automática y no puedes iniciar subastas. Las subastas en curso siguen.',
  dateLabel: 'De vacaciones hasta',
  messageLabel: 'Mensaje para los compradores (opcional)',
  dateRequired: 'Elige la fecha en que vuelves',
  dateInvalid: 'La fecha no es válida',
  datePast: 'La fecha no puede estar en el pasado',
  messageTooLong: `El mensaje puede tener máximo ${VACATION_MESSAGE_MAX} caracteres`,
  sellersOnly: 'Solo los vendedores pueden activar el modo vacaciones',
  save: 'Guardar',
  saving: 'Guardando…',
  end: 'Terminar vacaciones',
  ending: 'Terminando…',
  loadError: 'No pudimos cargar tu modo vacaciones.',
  saveError: 'No pudimos guardar el modo vacaciones. Intenta de nuevo.',
  active: (day: string) => `Estás de vacaciones hasta el ${formatVacationDay(day)}.`,
  inactive: 'No estás de vacaciones.',
  saved: (day: string) => `Modo vacaciones activo hasta el ${formatVacationDay(day)}`,
  ended: 'Terminaste tus vacaciones: tus productos vuelven a estar a la venta',
  /** Refusals of buying, offering or starting auctions while away, and the product-page banner. */
  away: (day: string) => `Vendedor de vacaciones hasta ${formatVacationDay(day)}`,
  cannotStartAuction: (day: string) =>
    `Estás de vacaciones hasta ${formatVacationDay(day)}: no puedes iniciar subastas. Termina tus vacaciones para hacerlo.`,
  /** The automatic answer when the seller left no message. */
  defaultAnswer: (day: string) =>
    `El vendedor está de vacaciones hasta ${formatVacationDay(day)} y responderá a su regreso.`,
} as const;

/** `PUT /api/sellers/vacation`: a day from today on (the server checks "not past" by its clock). */
export const SetVacationSchema = z.object({
  away_until: z
    .string({ error: vacationMessages.dateRequired })
    .trim()
    .max(10, { error: vacationMessages.dateInvalid, abort: true })
    .refine(isCalendarDay, { error: vacationMessages.dateInvalid })
    .nullable(),
  message: z
    .string({ error: vacationMessages.messageTooLong })
    .trim()
    .max(VACATION_MESSAGE_MAX, { error: vacationMessages.messageTooLong, abort: true })
    .check(contactSafe(VACATION_MESSAGE_MAX))
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type SetVacationInput = z.infer<typeof SetVacationSchema>;
export type SetVacationPayload = z.input<typeof SetVacationSchema>;

/** A seller's vacation as profiles and product pages carry it: both null when not away. */
export const VacationFieldsSchema = z.object({
  /** The last day away ("YYYY-MM-DD", Bogotá), or null when not away or once it has passed. */
  away_until: z.string().nullable(),
  away_message: z.string().nullable(),
});
export type VacationFields = z.infer<typeof VacationFieldsSchema>;

export const SetVacationResponseSchema = VacationFieldsSchema.extend({ message: z.string() });
