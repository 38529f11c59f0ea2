import { isDigit, isLetter, isWordChar } from './contact-safety.chars.ts';

// Top-level domains people type in links. Endings that are also Spanish words ('es', 'me', 've',
// 'pe') count only when spelled out ('tienda punto es'), not after a full stop missing its space
// ("Funciona bien.Es original").
const TLDS = new Set([
  'com',
  'co',
  'net',
  'org',
  'io',
  'ly',
  'info',
  'biz',
  'app',
  'store',
  'shop',
  'online',
  'site',
  'xyz',
  'tv',
  'us',
  'gg',
  'link',
  'page',
  'ws',
  'mx',
  'ar',
  'cl',
  'ec',
  'edu',
  'gov',
  'html',
  'php',
]);
export const SPELLED_TLDS = new Set([...TLDS, 'es', 'me', 've', 'pe']);
const LONGEST_TLD = 6;

/** An e-mail address or an @handle: a '@' followed by a name, with or without one before it. */
export function findAtSign(text: string): 'email' | 'handle' | null {
  for (let i = text.indexOf('@'); i >= 0; i = text.indexOf('@', i + 1)) {
    const before = i > 0 ? text[i - 1] : '';
    // Two name characters after it: 'tod@s' (a gender-neutral plural) stays allowed.
    const after1 = text[i + 1] ?? '';
    const after2 = text[i + 2] ?? '';
    if (!(isWordChar(after1) && isWordChar(after2))) continue;
    if (before && (isWordChar(before) || before === '.' || before === '-' || before === '+')) {
      // local@domain: an address when a domain ending follows, else still a handle-like token.
      return 'email';
    }
    return 'handle';
  }
  return null;
}

/** A link or a bare domain name: `www.`, `://`, or a name followed by '.' and a known ending. */
export function findLink(text: string): boolean {
  if (text.includes('://') || text.includes('www.') || text.includes('wa.me') || text.includes('t.me/'))
    return true;
  for (let i = text.indexOf('.'); i >= 0; i = text.indexOf('.', i + 1)) {
    const before = i > 0 ? text[i - 1] : '';
    if (!(isLetter(before) || isDigit(before) || before === '-')) continue;
    // The ending: letters up to the next non-letter, short enough to be one.
    let j = i + 1;
    while (j < text.length && j - i <= LONGEST_TLD + 1 && isLetter(text[j])) j++;
    if (j - i - 1 < 2 || j - i - 1 > LONGEST_TLD) continue;
    const following = text[j] ?? '';
    if (isDigit(following) || following === '_') continue;
    const ending = text.slice(i + 1, j);
    // A label needs a letter: '1.500.co' is no domain, 'tienda.co' and 'bit.ly' are.
    let k = i - 1;
    let hasLetter = false;
    while (k >= 0 && i - k <= 63 && (isLetter(text[k]) || isDigit(text[k]) || text[k] === '-')) {
      if (isLetter(text[k])) hasLetter = true;
      k--;
    }
    if (hasLetter && TLDS.has(ending)) return true;
  }
  return false;
}
