import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressCandidates, type AddressCandidatesDeps } from '../../../core/countries/es/address/candidates.js';
import { readAddressQuery, readDireccion } from '../../../core/address/candidates-input.js';
import { parseAddress } from '../../../core/countries/es/address/parse.js';
import { parseAddressText } from '../../../core/address/query.js';
import { isServiceError } from '../../../core/model/index.js';

/** Geocoder that knows nothing; enough to drive every input path to its answer. */
const deps: AddressCandidatesDeps = {
  geocoder: { candidates: async () => [] },
  copy: { getParcel: () => undefined },
};

const anyValue = fc.oneof(
  fc.string({ maxLength: 260 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
);

describe('address input never crashes: every bad input is a ServiceError with a spec code', () => {
  it('addressCandidates with arbitrary parameters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { country: anyValue, q: anyValue, street: anyValue, number: anyValue, municipality: anyValue, postcode: anyValue, limit: anyValue },
          { requiredKeys: [] },
        ),
        async (input) => {
          try {
            await addressCandidates(readAddressQuery(input, ['ES']), deps);
            throw new Error('a geocoder without answers cannot produce candidates');
          } catch (error) {
            expect(isServiceError(error), String(error)).toBe(true);
            expect(['VALIDATION_ERROR', 'CNV_COVERAGE', 'NOT_FOUND']).toContain((error as { code: string }).code);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('parseAddress with arbitrary bodies', async () => {
    const callejero = {
      provinces: async () => ({ items: [{ code: '28', name: 'MADRID' }], errors: [] }),
      municipalities: async () => ({ items: [], errors: [] }),
      streets: async () => ({ items: [], errors: [] }),
      numbers: async () => ({ items: [], errors: [] }),
    };
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyValue, fc.record({ direccion: anyValue })), async (body) => {
        try {
          await parseAddress(readDireccion(body), { callejero, geocoder: { municipalities: async () => [] } });
          throw new Error('an empty directory cannot resolve an address');
        } catch (error) {
          expect(isServiceError(error), String(error)).toBe(true);
          expect(['VALIDATION_ERROR', 'NOT_FOUND']).toContain((error as { code: string }).code);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('parseAddressText is total and keeps the number an integer when present', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const parsed = parseAddressText(text);
        expect(parsed.texto).toBe(text);
        if (parsed.numero !== undefined) expect(Number.isInteger(parsed.numero)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});
