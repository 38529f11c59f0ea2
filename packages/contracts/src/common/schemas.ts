import { z } from 'zod';
import { commonMessages } from '../errors.ts';
import { CONTACT_SAFETY_MESSAGE, isContactSafe } from './contact-safety.ts';

/** A database id in a path ("12" → 12): a positive 32-bit integer; anything else, the plain message. */
export const idParam = () =>
  z.coerce
    .number({ error: commonMessages.invalidInput })
    .int({ error: commonMessages.invalidInput })
    .positive({ error: commonMessages.invalidInput })
    .max(2_147_483_647, { error: commonMessages.invalidInput });

export const IdParamSchema = z.object({ id: idParam() });

/** Pagination of list endpoints (size at most 100). */
export const PaginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(8),
});
export type PaginationQuery = z.infer<typeof PaginationQuerySchema>;

export const PageMetaSchema = z.object({
  total: z.number().int(),
  pages: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export function pageMeta(total: number, page: number, size: number): PageMeta {
  return { total, pages: Math.ceil(total / size), page, size };
}

/** Required text: trimmed, whitespace-only counts as empty. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres`, abort: true });
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** No name or username holds a control character (and PostgreSQL text cannot hold NUL). */
export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/**
 * Refuses contact data (phones, e-mails, links, other apps) in a text people read. A text over
 * `max` already failed its length check and is not read again.
 */
export function contactSafe(max: number) {
  return z.refine<string>((text) => text.length > max || isContactSafe(text), {
    error: CONTACT_SAFETY_MESSAGE,
  });
}
