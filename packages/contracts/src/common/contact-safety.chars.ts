/** Character classes of a text as the contact check reads it (normalized: lower case, no accents). */

export const isDigit = (c: string | undefined = '') => c >= '0' && c <= '9';
export const isDigitCode = (code: number) => code >= 48 && code <= 57;
export const isLetter = (c: string | undefined = '') => (c >= 'a' && c <= 'z') || c === 'ñ';
export const isWordChar = (c: string | undefined = '') => isDigit(c) || isLetter(c) || c === '_';

export const isSpaceCode = (code: number) => code === 32 || (code >= 9 && code <= 13) || code === 160;
export const isWordCode = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || code === 241 || code === 95;
export const isLetterCode = (code: number) => (code >= 97 && code <= 122) || code === 241;
