import { describe, expect, it } from 'vitest';
import { OPERATION_SCHEMAS, type OperationSchemas } from '../../../core/model/operation-schemas.js';
import { PUBLIC_OPERATIONS, type PublicOperationName } from '../../../core/model/operations.js';

/**
 * The operation table (routes, for every side) and its HTTP schemas (for the server only, so the
 * renderer bundles no TypeBox) are two tables keyed by the same names: they list the same
 * operations, and each schema fits its route.
 */
const names = Object.keys(PUBLIC_OPERATIONS) as PublicOperationName[];

describe('the operation schemas follow the operation table', () => {
  it('lists the same operations', () => {
    expect(Object.keys(OPERATION_SCHEMAS).sort()).toEqual([...names].sort());
  });

  it.each(names)("%s: its path's fields are its params, a GET has no body and a POST no query", (name) => {
    const { method, path } = PUBLIC_OPERATIONS[name].http;
    const schemas: OperationSchemas = OPERATION_SCHEMAS[name];
    const pathFields = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();
    expect(Object.keys((schemas.params?.properties as object | undefined) ?? {}).sort()).toEqual(pathFields);
    expect(method === 'GET' ? schemas.body : schemas.query).toBeUndefined();
  });
});
