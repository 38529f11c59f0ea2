import { describe, expect, it } from 'vitest';
import { SearchTermSchema, searchMessages } from './search.schemas.ts';

describe('SearchTermSchema', () => {
  it.each([
    ['pokemon', 'pokemon'],
    ['  hot whel  ', 'hot whel'],
    ['a', 'a'],
    ['a'.repeat(100), 'a'.repeat(100)],
    [`  ${'b'.repeat(100)}  `, 'b'.repeat(100)],
    ["' OR 1=1 --", "' OR 1=1 --"],
    ['100%_\\', '100%_\\'],
    ['bombe\u0000ros', 'bombe ros'],
    ['tab\there', 'tab here'],
  ])('accepts %j as %j', (input, output) => {
    expect(SearchTermSchema.parse(input)).toBe(output);
  });

  it.each([
    ['', searchMessages.emptyTerm],
    ['   ', searchMessages.emptyTerm],
    ['\u0000\n\t', searchMessages.emptyTerm],
    ['a'.repeat(101), searchMessages.termTooLong],
    [42, searchMessages.emptyTerm],
    [undefined, searchMessages.emptyTerm],
  ])('refuses %j with its message', (input, message) => {
    const result = SearchTermSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
