/**
 * Just enough of a source map (version 3) to name a minified position: its source file, line and
 * the original name the build recorded there. The startup trace names a profile's functions with
 * it; the build writes the maps `hidden` (no comment in the served files) for that run only.
 */
import { existsSync, readFileSync } from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** One segment's numbers: generated column, then (source, line, column, name) when present. */
function decodeSegment(text: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = DIGIT.get(char);
    if (digit === undefined) throw new Error(`not a source map digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface Segment {
  column: number;
  source: number;
  line: number;
  name: number;
}

export interface OriginalPosition {
  source: string;
  /** 1-based. */
  line: number;
  name?: string;
}

export interface SourceMap {
  /** `line` 0-based and `column` 0-based, as a CPU profile's call frames give them. */
  lookup(line: number, column: number): OriginalPosition | undefined;
}

export function parseSourceMap(json: string): SourceMap {
  const map = JSON.parse(json) as { sources: string[]; names?: string[]; mappings: string };
  const lines: Segment[][] = [];
  let source = 0;
  let line = 0;
  let name = 0;
  for (const text of map.mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const part of text.split(',')) {
      if (!part) continue;
      const v = decodeSegment(part);
      column += v[0]!;
      if (v.length < 4) continue;
      source += v[1]!;
      line += v[2]!;
      let nameIndex = -1;
      if (v.length >= 5) {
        name += v[4]!;
        nameIndex = name;
      }
      segments.push({ column, source, line, name: nameIndex });
    }
    lines.push(segments);
  }
  return {
    lookup(genLine, genColumn) {
      const segments = lines[genLine];
      if (!segments || segments.length === 0) return undefined;
      // The last segment starting at or before the column.
      let low = 0;
      let high = segments.length - 1;
      let found = -1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        if (segments[mid]!.column <= genColumn) {
          found = mid;
          low = mid + 1;
        } else high = mid - 1;
      }
      const segment = segments[found];
      if (!segment) return undefined;
      return {
        source: map.sources[segment.source] ?? '?',
        line: segment.line + 1,
        name: segment.name >= 0 ? map.names?.[segment.name] : undefined,
      };
    },
  };
}

/** The maps beside a build's files, read once each (undefined where there is none). */
export function sourceMapsOf(fileOf: (url: string) => string | undefined) {
  const maps = new Map<string, SourceMap | undefined>();
  return (url: string): SourceMap | undefined => {
    if (!maps.has(url)) {
      const file = fileOf(url);
      const mapFile = file ? `${file}.map` : undefined;
      maps.set(
        url,
        mapFile && existsSync(mapFile) ? parseSourceMap(readFileSync(mapFile, 'utf8')) : undefined,
      );
    }
    return maps.get(url);
  };
}
