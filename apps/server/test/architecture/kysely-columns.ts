import path from 'node:path';
import ts from 'typescript';

/** What the hand-written Kysely types say about one column, as the drift test compares it. */
export interface DeclaredColumn {
  /** The kinds a select may give back: 'number', 'string', 'boolean', 'date', 'bytes', 'json', 'array'. */
  kinds: string[];
  nullable: boolean;
  /** An insert may leave it out (`Generated`, or an insert type that admits undefined). */
  insertOptional: boolean;
}

const schemaFile = path.resolve(import.meta.dirname, '../../src/platform/db-schema.ts');
const tsconfigFile = path.resolve(import.meta.dirname, '../../tsconfig.json');

function kindsOf(checker: ts.TypeChecker, type: ts.Type): { kinds: Set<string>; nullable: boolean } {
  const kinds = new Set<string>();
  let nullable = false;
  const parts = type.isUnion() ? type.types : [type];
  for (const part of parts) {
    const flags = part.flags;
    if (flags & ts.TypeFlags.Null) nullable = true;
    else if (flags & ts.TypeFlags.Undefined) continue;
    else if (flags & (ts.TypeFlags.NumberLike | ts.TypeFlags.BigIntLike)) kinds.add('number');
    else if (flags & ts.TypeFlags.StringLike) kinds.add('string');
    else if (flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) kinds.add('json');
    else if (checker.isArrayType(part) || checker.isTupleType(part)) kinds.add('array');
    else if (part.getSymbol()?.getName() === 'Date') kinds.add('date');
    else if (part.getSymbol()?.getName() === 'Uint8Array') kinds.add('bytes');
    else kinds.add('json');
  }
  return { kinds, nullable };
}

function admitsUndefined(type: ts.Type): boolean {
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((p) => (p.flags & ts.TypeFlags.Undefined) !== 0);
}

/**
 * One column's type: a plain type, a `ColumnType<S, I, U>` (kysely's `Generated<T>` is one), or
 * either of them `| null`.
 */
function describeColumn(checker: ts.TypeChecker, type: ts.Type): DeclaredColumn {
  const kinds = new Set<string>();
  let nullable = false;
  let insertOptional = false;
  for (const part of type.isUnion() ? type.types : [type]) {
    if (part.flags & ts.TypeFlags.Null) {
      nullable = true;
      continue;
    }
    const select = part.getProperty('__select__');
    const insert = part.getProperty('__insert__');
    const read = kindsOf(checker, select ? checker.getTypeOfSymbol(select) : part);
    for (const kind of read.kinds) kinds.add(kind);
    nullable ||= read.nullable;
    if (insert && admitsUndefined(checker.getTypeOfSymbol(insert))) insertOptional = true;
  }
  return { kinds: [...kinds].sort(), nullable, insertOptional };
}

/**
 * Every table of the `DB` interface with its columns, read with the TypeScript compiler: a
 * column typed `ColumnType<S, I, U>` (or `Generated<T>`, which is one) is judged by its select
 * type `S` and its insert type `I`.
 */
export function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  // The server's own compiler options, so kysely and the schema files resolve as they do in the build.
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${tsconfigFile}`);
  const program = ts.createProgram([schemaFile], { ...config.options, types: [] });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaFile);
  if (!source) throw new Error(`cannot read ${schemaFile}`);
  const schemaModule = checker.getSymbolAtLocation(source);
  const dbSymbol = schemaModule && checker.getExportsOfModule(schemaModule).find((s) => s.getName() === 'DB');
  if (!dbSymbol) throw new Error('no DB interface exported by db-schema.ts');
  const dbType = checker.getDeclaredTypeOfSymbol(dbSymbol);
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const table of checker.getPropertiesOfType(dbType)) {
    const tableType = checker.getTypeOfSymbol(table);
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getPropertiesOfType(tableType)) {
      columns.set(column.getName(), describeColumn(checker, checker.getTypeOfSymbol(column)));
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

/** The select kinds a database type is read as (int8 and numeric are parsed to numbers). */
export function kindsOfDatabaseType(dataType: string): string[] {
  if (dataType === 'ARRAY') return ['array'];
  if (/^(smallint|integer|bigint|numeric|real|double precision)$/.test(dataType)) return ['number'];
  if (/^(text|character varying|character|uuid|citext|inet|tsvector|date|interval)$/.test(dataType))
    return ['string'];
  if (dataType === 'boolean') return ['boolean'];
  if (dataType === 'bytea') return ['bytes'];
  if (/^timestamp/.test(dataType)) return ['date'];
  if (/^jsonb?$/.test(dataType)) return ['json'];
  return [dataType];
}
