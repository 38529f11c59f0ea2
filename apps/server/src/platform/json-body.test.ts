import { describe, expect, it } from 'vitest';
import { exceedsJsonShape, JSON_MAX_DEPTH, JSON_MAX_VALUES } from './json-body.ts';

describe('exceedsJsonShape: a JSON body refused before parsing', () => {
  it('lets every ordinary body through, however long its strings', () => {
    for (const body of [
      '{}',
      '[]',
      '{"amount":1200,"auction_id":3,"product_id":7,"max_amount":1500}',
      JSON.stringify({
        name: 'Carro',
        tags: ['a', 'b'],
        image: `data:image/png;base64,${'A'.repeat(6_000_000)}`,
      }),
      JSON.stringify({
        text: 'brackets [[[[{{{{ and commas ,,,,, inside a string do not count'.repeat(5_000),
      }),
      JSON.stringify({ quote: 'a "quoted" \\\\ backslash \\" and more' }),
    ]) {
      expect(exceedsJsonShape(body), body.slice(0, 80)).toBe(false);
    }
  });

  it('counts nesting and values only outside strings', () => {
    const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    expect(exceedsJsonShape(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonShape(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    const objects = (n: number) => `${'{"a":'.repeat(n)}0${'}'.repeat(n)}`;
    expect(exceedsJsonShape(objects(JSON_MAX_DEPTH))).toBe(false);
    expect(exceedsJsonShape(objects(JSON_MAX_DEPTH + 1))).toBe(true);
    const values = (n: number) => `[${Array.from({ length: n }, () => '0').join(',')}]`;
    expect(exceedsJsonShape(values(JSON_MAX_VALUES + 1))).toBe(false);
    expect(exceedsJsonShape(values(JSON_MAX_VALUES + 2))).toBe(true);
  });

  it('does not mistake an escaped quote for the end of a string', () => {
    // The string holds \" then many commas: still inside the string, so nothing is counted.
    const body = `{"a":"x\\"${','.repeat(JSON_MAX_VALUES + 10)}"}`;
    expect(JSON.parse(body)).toBeTruthy();
    expect(exceedsJsonShape(body)).toBe(false);
    // An escaped backslash right before a quote does end the string.
    const after = `{"a":"x\\\\",${'"k":0,'.repeat(JSON_MAX_VALUES + 10)}"z":0}`;
    expect(exceedsJsonShape(after)).toBe(true);
  });

  it('leaves malformed text to the parser', () => {
    expect(exceedsJsonShape('{"unterminated')).toBe(false);
    expect(exceedsJsonShape(']]]]')).toBe(false);
  });
});
