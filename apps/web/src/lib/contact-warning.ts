import { CONTACT_SAFETY_MESSAGE, findContactData } from '@app/contracts';

/**
 * The message a field shows while its text holds contact data: the same rule the server applies,
 * so the person learns it as they type instead of on sending.
 */
export function contactWarning(text: string): string | undefined {
  return findContactData(text) === null ? undefined : CONTACT_SAFETY_MESSAGE;
}
