/**
 * Names a minified position from the build's source maps: its source file, line and the original
 * name recorded there. The startup trace names a profile's functions with it; the build writes the
 * maps `hidden` (no comment in the served files) for that run only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

interface OriginalPosition {
  source: string;
  /** 1-based. */
  line: number;
  name?: string;
}

export interface SourceMap {
  /** `line` 0-based and `column` 0-based, as a CPU profile's call frames give them. */
  lookup(line: number, column: number): OriginalPosition | undefined;
}

function parseSourceMap(json: string): SourceMap {
  const map = new TraceMap(json);
  return {
    lookup(line, column) {
      // The segment that starts at or before the column on that line (trace-mapping counts lines from 1).
      const found = originalPositionFor(map, { line: line + 1, column });
      if (found.source === null || found.line === null) return undefined;
      return { source: found.source, line: found.line, name: found.name ?? undefined };
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
