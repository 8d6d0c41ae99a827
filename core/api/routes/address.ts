import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AddressCandidatesInput } from '../../address/candidates-input.js';
import type { AddressCandidatesQuery, AddressParseBody } from '../../model/http-schemas.js';
import { operationRoutes } from '../operation-route.js';
import type { AddressCandidatesResult, AddressParseResult } from '../../model/index.js';

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
  const revalidated = { headers: Type.Object({ 'if-none-match': Type.Optional(Type.String()) }) };
  for (const route of operationRoutes('addressCandidates', revalidated)) {
    app.route<{ Querystring: Static<typeof AddressCandidatesQuery> }>({
      ...route,
      handler: async (request) => ({
        success: true,
        data: await service.addressCandidates(request.query),
      }),
    });
  }

  for (const route of operationRoutes('addressParse')) {
    app.route<{ Body: Static<typeof AddressParseBody> }>({
      ...route,
      handler: async (request) => ({
        success: true,
        data: await service.parseAddress(request.body),
      }),
    });
  }
}
