import { isDigitCode, isLetterCode } from './contact-safety.chars.ts';

// Services someone names to take the conversation elsewhere, as whole words.
const INVITATION_WORDS = new Set([
  'whatsapp',
  'whatsap',
  'watsap',
  'watsapp',
  'wasap',
  'wassap',
  'guasap',
  'wsp',
  'wpp',
  'wapp',
  'telegram',
  'instagram',
  'insta',
  'facebook',
  'fb',
  'messenger',
  'tiktok',
  'gmail',
  'hotmail',
  'outlook',
  'yahoo',
  'http',
  'https',
  'www',
]);

// The same names hidden by spacing or punctuation ("whats app", "i.n.s.t.a.g.r.a.m") or digits
// for letters ("wh4tsapp"): looked for in the text's letters alone.
const HIDDEN_NAMES = ['whatsapp', 'telegram', 'instagram', 'facebook', 'tiktok'];

// Digits standing for letters: 0→o, 1→i, 3→e, 4→a, 5→s, 7→t.
const LOOKALIKE_CODES = new Map([
  [48, 111],
  [49, 105],
  [51, 101],
  [52, 97],
  [53, 115],
  [55, 116],
]);

/** The text's letters alone, with digits read as the letters they look like. */
function lettersOnly(text: string): string {
  const buffer = new Uint16Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isLetterCode(code)) buffer[length++] = code;
    else {
      const letter = LOOKALIKE_CODES.get(code);
      if (letter !== undefined) buffer[length++] = letter;
    }
  }
  const chunks: string[] = [];
  for (let k = 0; k < length; k += 8192)
    chunks.push(String.fromCharCode(...buffer.subarray(k, Math.min(length, k + 8192))));
  return chunks.join('');
}

/** Names of the services people move to, as words or hidden in the letters. */
export function findInvitation(text: string): boolean {
  // Each run of letters is a word here, so "whatsapp/telegram" is two.
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && !isLetterCode(text.charCodeAt(i))) i++;
    const start = i;
    while (i < n && isLetterCode(text.charCodeAt(i))) i++;
    // Letters glued to a digit are a model code ('FB75', 'Insta360', 'wsp01'), not a name; a
    // number written after the name is still a phone or a handle, which the other checks catch.
    const glued = isDigitCode(text.charCodeAt(start - 1)) || isDigitCode(text.charCodeAt(i));
    if (!glued && i - start >= 2 && i - start <= 9 && INVITATION_WORDS.has(text.slice(start, i))) return true;
  }
  const letters = lettersOnly(text);
  return HIDDEN_NAMES.some((name) => letters.includes(name));
}
