/**
 * Contact safety: texts people write to each other (questions, answers, claim messages, product
 * names and descriptions, the profile's 'about me') may not carry a way to reach someone outside
 * the marketplace, because a sale agreed elsewhere has no buyer protection and is how most fraud
 * starts. One pure rule, used by the schemas, so the forms warn as one types and the server
 * refuses the same texts.
 *
 * Every step is a single pass over the text (no pattern that can backtrack), so any input, of any
 * length, is judged in linear time. Spelled-out words are rewritten first
 * (contact-safety.spelled.ts); then each kind has its own finder: addresses and links, phone
 * numbers, the names of the services people move to.
 */
import { findInvitation } from './contact-safety.invitations.ts';
import { findAtSign, findLink } from './contact-safety.links.ts';
import { findPhone } from './contact-safety.phones.ts';
import { unspell } from './contact-safety.spelled.ts';

export const CONTACT_SAFETY_MESSAGE =
  'Por tu seguridad, no compartas datos de contacto (teléfonos, correos, enlaces o redes sociales). Todo se coordina en Coleccionables.';

export type ContactDataKind = 'email' | 'phone' | 'link' | 'handle' | 'invitation';

// Invisible characters (zero-width spaces and joiners, soft hyphens, direction marks) and the
// accents that compatibility decomposition splits off letters.
const INVISIBLE_OR_ACCENT = /[\u0300-\u036f\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g;

/**
 * Full-width digits and letters become plain ones and accents come off (compatibility
 * decomposition, NFKD), letters lose case, invisible characters go.
 */
export function normalizeForContactCheck(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(INVISIBLE_OR_ACCENT, '');
}

/** What kind of contact data the text holds, or null when it holds none. */
export function findContactData(text: string): ContactDataKind | null {
  const normalized = normalizeForContactCheck(text);
  const unspelled = unspell(normalized);
  const at = findAtSign(unspelled);
  if (at) return at;
  if (findLink(unspelled)) return 'link';
  if (findPhone(unspelled)) return 'phone';
  if (findInvitation(normalized)) return 'invitation';
  return null;
}

/** True when the text carries no way to reach someone outside the marketplace. */
export function isContactSafe(text: string): boolean {
  return findContactData(text) === null;
}
