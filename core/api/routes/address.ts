import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AddressCandidatesInput } from '../../address/candidates-input.js';
import { AddressLimit } from '../../model/input-schemas.js';
import type { AddressCandidatesResult, AddressParseResult } from '../../model/index.js';

/**
 * Query of endpoint 1. Types only: the length and range rules are core/model/input-schemas.ts,
 * applied by the facade (core/address/candidates-input.ts) after the spec's 422 for an uncovered
 * country, so IPC callers get the same answers; these schemas document.
 */
export const AddressCandidatesQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8, description: 'Two-letter code, default ES. SE, HR and uncovered countries answer 422 CNV_COVERAGE.' })),
  q: Type.Optional(Type.String({ maxLength: 400, description: '3 to 200 characters: street and number, municipality, optionally postcode. Required unless street is given.' })),
  street: Type.Optional(Type.String({ maxLength: 400, description: 'Street with its type, for structured addresses.' })),
  number: Type.Optional(Type.String({ maxLength: 12, description: 'House number, integer ≥ 1; overrides the number in q.' })),
  municipality: Type.Optional(Type.String({ maxLength: 200, description: 'Overrides the municipality in q.' })),
  postcode: Type.Optional(Type.String({ maxLength: 20, description: "The country's own postcode format; another format answers 400." })),
  limit: Type.Optional(Type.String({ maxLength: 4, description: `${AddressLimit.minimum} to ${AddressLimit.maximum}, default ${AddressLimit.default}.` })),
});

export const AddressParseBody = Type.Object({
  direccion: Type.Optional(Type.Unknown({ description: "Spanish free text (required), e.g. 'Calle Mayor 5, Madrid'; the number may be attached to the street." })),
});

/** The facade methods these routes call (DESIGN.md: one door into the core). */
export interface AddressService {
  addressCandidates(input: AddressCandidatesInput, signal?: AbortSignal): Promise<AddressCandidatesResult>;
  parseAddress(body: unknown, signal?: AbortSignal): Promise<AddressParseResult>;
}

export interface AddressRoutesOptions {
  service: AddressService;
}

/** Endpoints 1 and 5: address candidates (GET) and Spanish address parse (POST). */
export async function addressRoutes(app: FastifyInstance, { service }: AddressRoutesOptions): Promise<void> {
  app.get<{ Querystring: Static<typeof AddressCandidatesQuery> }>('/api/search/address/candidates', {
    schema: {
      tags: ['Search'],
      summary: 'Address to ranked parcel candidates',
      querystring: AddressCandidatesQuery,
      headers: Type.Object({ 'if-none-match': Type.Optional(Type.String()) }),
    },
  }, async (request) => ({
    success: true,
    data: await service.addressCandidates(request.query),
  }));

  app.post<{ Body: Static<typeof AddressParseBody> }>('/api/search/address/parse', {
    schema: { tags: ['Search'], summary: 'Spanish free-text address to cadastral reference', body: AddressParseBody },
  }, async (request) => ({
    success: true,
    data: await service.parseAddress(request.body),
  }));
}
