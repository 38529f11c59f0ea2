import type { EndpointDefinition } from '@app/contracts';
import * as contracts from '@app/contracts';

/**
 * What the generated OpenAPI document needs beyond the route schemas, so that client generators
 * (openapi-generator, orval) and linters take it as it is.
 */

/**
 * Each declared endpoint's `operationId`: its group and its name in the contracts, e.g.
 * `bidsEndpoints.createBid` -> `bidsCreateBid`. Read from the exports, so a new endpoint gets one
 * without anyone writing it down.
 */
const operationIds = new Map<EndpointDefinition, string>();
for (const [exportName, group] of Object.entries(contracts)) {
  if (!exportName.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
  const prefix = exportName.slice(0, -'Endpoints'.length);
  for (const [name, endpoint] of Object.entries(group as Record<string, EndpointDefinition>)) {
    operationIds.set(endpoint, `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`);
  }
}

export function operationIdOf(endpoint: EndpointDefinition): string | undefined {
  return operationIds.get(endpoint);
}

/** The `security` of an operation: none, the bearer token, or either (a token personalises). */
export function securityOf(auth: EndpointDefinition['auth']): Array<Record<string, string[]>> {
  if (auth === 'user') return [{ bearer: [] }];
  if (auth === 'optional') return [{}, { bearer: [] }];
  return [];
}

type JsonNode = { [key: string]: unknown };

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod writes a nullable union as `nullable`
 * beside `anyOf`. The same meaning, valid: each branch of the union is nullable instead.
 */
function moveNullableIntoUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) moveNullableIntoUnions(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonNode;
  if (schema.nullable === true && schema.type === undefined) {
    const union = (schema.anyOf ?? schema.oneOf) as JsonNode[] | undefined;
    if (union) {
      delete schema.nullable;
      for (const branch of union) if (branch.$ref === undefined) branch.nullable = true;
    }
  }
  for (const value of Object.values(schema)) moveNullableIntoUnions(value);
}

/**
 * A trailing wildcard route (`/api/auctions/search/*`: a term may be longer than the router's
 * 100-character segments) reads `{*}` in the document, which no generator can name. The document
 * names it by the endpoint's `wildcardName`.
 */
const wildcardNames = new Map<string, string>();
for (const endpoint of operationIds.keys()) {
  if (endpoint.path.endsWith('*')) {
    wildcardNames.set(
      endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}'),
      endpoint.wildcardName ?? 'rest',
    );
  }
}

function nameWildcards(
  paths: Record<string, Record<string, JsonNode>>,
): Record<string, Record<string, JsonNode>> {
  const named: Record<string, Record<string, JsonNode>> = {};
  for (const [path, operations] of Object.entries(paths)) {
    const name = wildcardNames.get(path);
    if (!name) {
      named[path] = operations;
      continue;
    }
    for (const operation of Object.values(operations)) {
      for (const parameter of (operation.parameters ?? []) as JsonNode[]) {
        if (parameter.in === 'path' && parameter.name === '*') parameter.name = name;
      }
    }
    named[path.replace(/\{\*\}$/, `{${name}}`)] = operations;
  }
  return named;
}

/** The finishing touches on the document @fastify/swagger builds from the routes. */
export function finishDocument(document: JsonNode, publicUrl: string | undefined): JsonNode {
  const paths = nameWildcards((document.paths ?? {}) as Record<string, Record<string, JsonNode>>);
  moveNullableIntoUnions(paths);
  return {
    ...document,
    servers: [{ url: publicUrl ?? '/', description: 'This server' }],
    paths,
  };
}
