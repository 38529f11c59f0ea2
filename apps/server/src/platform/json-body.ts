/**
 * The shape of a JSON body, checked on its raw text before it is parsed. Parsing is synchronous:
 * a body near the largest limit (8 MB, for a product with its image) made of millions of tiny
 * values or thousands of nested brackets takes seconds to parse and walk, and the whole server
 * waits meanwhile. No valid input of this API comes near these bounds (the deepest is three
 * levels, the longest list a few dozen items); a body beyond them is refused before parsing.
 */
export const JSON_MAX_DEPTH = 32;
export const JSON_MAX_VALUES = 10_000;

const QUOTE = 34; // "
const BACKSLASH = 92;
const OPEN_ARRAY = 91; // [
const OPEN_OBJECT = 123; // {
const CLOSE_ARRAY = 93;
const CLOSE_OBJECT = 125;
const COMMA = 44;

/**
 * True when `text` nests deeper than JSON_MAX_DEPTH or separates more than JSON_MAX_VALUES
 * values. Linear, and strings are skipped with indexOf, so a long string (an image in base64)
 * costs next to nothing. Malformed text is left for the parser to refuse.
 */
export function exceedsJsonShape(text: string): boolean {
  let depth = 0;
  let separators = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i < 0) return false;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > JSON_MAX_DEPTH) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA) {
      if (++separators > JSON_MAX_VALUES) return true;
    }
  }
  return false;
}

/** The index of the quote that closes the string opened at `open`, or -1 when none does. */
function closingQuote(text: string, open: number): number {
  let at = text.indexOf('"', open + 1);
  while (at >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return -1;
}
