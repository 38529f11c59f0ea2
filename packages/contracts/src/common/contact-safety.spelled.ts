import { isSpaceCode, isWordCode } from './contact-safety.chars.ts';
import { SPELLED_TLDS } from './contact-safety.links.ts';

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
export function unspell(text: string): string {
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
