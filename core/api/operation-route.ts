import { Type } from '@sinclair/typebox';
import type { FastifySchema, HTTPMethods } from 'fastify';
import { OPERATION_SCHEMAS, type OperationSchemas } from '../model/operation-schemas.js';
import { PUBLIC_OPERATIONS, pathsOf, type Operation, type PublicOperationName } from '../model/operations.js';
import type { RouteAccess } from './plugins/route-access.js';

export interface OperationRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema;
  config: { access: RouteAccess };
  /** The answer as JSON.stringify writes it: the response schema documents, it never filters or coerces a field. */
  serializerCompiler: () => (data: unknown) => string;
  /** What each `{name}` segment of the table's path is in this route (`{ kind: 'solar' }`). */
  segment: Record<string, string>;
}

const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * The fastify routes of one operation of the table (core/model/operations.ts): method, path,
 * input schemas (core/model/operation-schemas.ts), the answer's schema for the OpenAPI document and who may call it. A route file
 * adds only its handler: `for (const route of operationRoutes('parcel')) app.route({ ...route, handler })`.
 */
export function operationRoutes(name: PublicOperationName, schema: FastifySchema = {}): OperationRoute[] {
  // Read as the plain record: the entries' literal types are for the clients, not needed here.
  const operation: Operation = PUBLIC_OPERATIONS[name];
  const { params, query, body, output }: OperationSchemas = OPERATION_SCHEMAS[name];
  const http = operation.http!;
  const status = http.status ?? 200;
  const answer = operation.answer === 'json' ? Type.Object({ success: Type.Literal(true), data: output }) : { ...output, type: 'string', format: 'binary' };
  return pathsOf(http).map((url) => ({
    method: http.method,
    url,
    config: { access: operation.access === 'app-only' ? 'key' : operation.access },
    serializerCompiler: plainJson,
    segment: segmentOf(http.path, url),
    schema: {
      tags: [operation.tag],
      summary: operation.summary,
      ...(params && { params }),
      ...(query && { querystring: query }),
      ...(body && { body }),
      response: { [status]: answer },
      ...schema,
    },
  }));
}

/** `{ kind: 'solar' }` of pattern `/api/catastro/:refcat/{kind}` and url `/api/catastro/:refcat/solar`. */
function segmentOf(pattern: string, url: string): Record<string, string> {
  const names = pattern.split('/');
  const parts = url.split('/');
  return Object.fromEntries(
    names.flatMap((part, index) => {
      const named = /^\{(\w+)\}$/.exec(part);
      return named ? [[named[1], parts[index]]] : [];
    }),
  );
}
