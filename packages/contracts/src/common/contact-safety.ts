/**
 * Contact safety: texts people write to each other (questions, answers, claim messages, product
 * names and descriptions, the profile's 'about me') may not carry a way to reach someone outside
 * the marketplace, because a sale agreed elsewhere has no buyer protection and is how most fraud
 * starts. One pure rule, used by the schemas, so the forms warn as one types and the server
 * refuses the same texts.
 *
 * Every step is a single pass over the text (no pattern that can backtrack), so any input, of any
 * length, is judged in linear time.
 */

export const CONTACT_SAFETY_MESSAGE =
  'Por tu seguridad, no compartas datos de contacto (teléfonos, correos, enlaces o redes sociales). Todo se coordina en Coleccionables.';

export type ContactDataKind = 'email' | 'phone' | 'link' | 'handle' | 'invitation';

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
const SPELLED_TLDS = new Set([...TLDS, 'es', 'me', 've', 'pe']);
const LONGEST_TLD = 6;

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

const NUMBER_WORDS: Record<string, string> = {
  cero: '0',
  uno: '1',
  dos: '2',
  tres: '3',
  cuatro: '4',
  cinco: '5',
  seis: '6',
  siete: '7',
  ocho: '8',
  nueve: '9',
};

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

const isDigit = (c: string | undefined = '') => c >= '0' && c <= '9';
const isDigitCode = (code: number) => code >= 48 && code <= 57;
const isLetter = (c: string | undefined = '') => (c >= 'a' && c <= 'z') || c === 'ñ';
const isWordChar = (c: string | undefined = '') => isDigit(c) || isLetter(c) || c === '_';

const isSpaceCode = (code: number) => code === 32 || (code >= 9 && code <= 13) || code === 160;
const isWordCode = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || code === 241 || code === 95;

const SPELLED_AT = new Set(['@', 'arroba', '(at)', '[at]', '{at}', '(arroba)', '[arroba]']);
const SPELLED_DOT = new Set(['punto', 'dot', '(dot)', '[dot]', '{dot}', '(punto)', '[punto]', '.']);
const LONGEST_SPELLED = 8;

/** A word's text without the punctuation around it ("(arroba)," → "arroba"). */
function bareWord(text: string, start: number, end: number): string {
  let a = start;
  let b = end;
  while (a < b && !isWordCode(text.charCodeAt(a))) a++;
  while (b > a && !isWordCode(text.charCodeAt(b - 1))) b--;
  return text.slice(a, b);
}

/**
 * Rewrites what people spell out to hide an address: 'arroba' and '(at)' become '@' joined to the
 * words around it, 'punto' or 'dot' before a domain ending become '.', spelled digits ('tres
 * cero cero') become digits. The rest of the text is copied as it is, in stretches, so a long
 * text costs no string per word.
 */
function unspell(text: string): string {
  const n = text.length;
  const pieces: string[] = [];
  let copyFrom = 0;
  let previousEnd = -1;
  let glueNext = false;
  let i = 0;
  while (i < n) {
    while (i < n && isSpaceCode(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpaceCode(text.charCodeAt(i))) i++;
    const end = i;
    let replacement: string | null = null;
    let glue = false;
    if (end - start <= LONGEST_SPELLED) {
      const word = text.slice(start, end);
      const plain = bareWord(text, start, end);
      if (SPELLED_AT.has(word) || SPELLED_AT.has(plain)) {
        replacement = '@';
        glue = true;
      } else if ((SPELLED_DOT.has(word) || SPELLED_DOT.has(plain)) && previousEnd >= 0) {
        // Only before a domain ending: 'a punto de' stays as it is.
        let k = end;
        while (k < n && isSpaceCode(text.charCodeAt(k))) k++;
        let m = k;
        while (m < n && m - k <= LONGEST_SPELLED && !isSpaceCode(text.charCodeAt(m))) m++;
        if (SPELLED_TLDS.has(bareWord(text, k, m))) {
          replacement = '.';
          glue = true;
        }
      } else if (plain === word && word in NUMBER_WORDS) {
        replacement = NUMBER_WORDS[word] ?? null;
      }
    }
    if (replacement !== null) {
      // A glued piece takes the spaces before it; a plain one keeps them.
      pieces.push(text.slice(copyFrom, glue && previousEnd >= 0 ? previousEnd : start), replacement);
      copyFrom = end;
    } else if (glueNext) {
      // The word after a glued piece takes the spaces between them.
      pieces.push(text.slice(copyFrom, previousEnd));
      copyFrom = start;
    }
    glueNext = glue;
    previousEnd = end;
  }
  pieces.push(text.slice(copyFrom));
  return pieces.join('');
}

/** An e-mail address or an @handle: a '@' followed by a name, with or without one before it. */
function findAtSign(text: string): ContactDataKind | null {
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
function findLink(text: string): boolean {
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

const PHONE_SEPARATORS = new Set([' ', '.', '-', '(', ')', '/', '_', '\u00a0', '\t', '\n', '\r']);
const MAX_SEPARATOR_RUN = 3;

/**
 * Phone numbers: runs of digits that only separators (spaces, dots, dashes, brackets) split. A
 * run is a number with a country code when '+' leads it and it has at least 9 digits, as the
 * shortest international numbers do ('+3 años' on a toy box stays allowed); it is a Colombian mobile when 10 of its digits, starting with 3
 * (optionally after 57), start and end where its groups do, so '300 123 4567', '3 0 0 1 2 3 4 5 6
 * 7' and '573001234567' are caught while '$ 3.500.000 - 3.200.000' is not. The first number
 * after '$' is a price.
 */
function findPhone(text: string): boolean {
  const n = text.length;
  let total = 0;
  for (let k = 0; k < n; k++) if (isDigitCode(text.charCodeAt(k))) total++;
  if (total < 9) return false;
  // Digits, group bounds and group ends by position among all digits of the text, in typed
  // arrays allocated once: no string or object per digit, whatever the text's length.
  const digits = new Uint8Array(total);
  const isGroupEnd = new Uint8Array(total + 1);
  const groupStarts = new Int32Array(total);
  const groupEnds = new Int32Array(total);
  let count = 0;
  let groups = 0;
  let i = 0;
  while (i < n) {
    if (!isDigitCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    // Look back over separators for '+' or '$' leading the run.
    let back = i - 1;
    while (back >= 0 && back >= i - MAX_SEPARATOR_RUN && PHONE_SEPARATORS.has(text.charAt(back))) back--;
    const lead = back >= 0 ? text[back] : '';
    const runStart = count;
    const firstGroup = groups;
    let j = i;
    while (j < n && isDigitCode(text.charCodeAt(j))) {
      groupStarts[groups] = count;
      while (j < n && isDigitCode(text.charCodeAt(j))) digits[count++] = text.charCodeAt(j++) - 48;
      groupEnds[groups++] = count;
      isGroupEnd[count] = 1;
      let sep = 0;
      while (j < n && sep <= MAX_SEPARATOR_RUN && PHONE_SEPARATORS.has(text.charAt(j))) {
        j++;
        sep++;
      }
      if (sep === 0 || sep > MAX_SEPARATOR_RUN) break;
    }
    i = Math.max(j, i + 1);
    if (lead === '+' && count - runStart >= 9) return true;
    for (let g = firstGroup; g < groups; g++) {
      // '$ 3.001.234.567' is a price, but a number written after it is not.
      if (lead === '$' && g === firstGroup) continue;
      const start = groupStarts[g] ?? 0;
      // People write a mobile as 300 123 4567, 3001234567 or digit by digit: a first group of 1,
      // 3 or 10 digits. '30000 1000 1' is three quantities, not a number.
      const first = (groupEnds[g] ?? 0) - start;
      if (digits[start] === 3 && start + 10 <= count && isGroupEnd[start + 10] === 1) {
        if (first === 1 || first === 3 || first === 10) return true;
      }
      if (
        digits[start] === 5 &&
        digits[start + 1] === 7 &&
        digits[start + 2] === 3 &&
        start + 12 <= count &&
        isGroupEnd[start + 12] === 1 &&
        (first === 2 || first === 12)
      )
        return true;
    }
  }
  return false;
}

const isLetterCode = (code: number) => (code >= 97 && code <= 122) || code === 241;
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
function findInvitation(text: string): boolean {
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
