import { isDigitCode } from './contact-safety.chars.ts';

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
export function findPhone(text: string): boolean {
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
