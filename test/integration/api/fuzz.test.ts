import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

let api: TestApi;
beforeAll(async () => { api = await startTestApi(); });
afterAll(async () => { await api?.close(); });

const SPEC_CODES = new Set([
  'CNV_AMBIGUOUS', 'VALIDATION_ERROR', 'UNAUTHORIZED', 'NOT_FOUND', 'CNV_COVERAGE', 'KEY_AUTH_004',
  'RATE_LIMIT_EXCEEDED', 'DAILY_LIMIT_REACHED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE',
]);

// Strings that stress parsers: unicode, control characters, huge values, reference look-alikes.
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.stringMatching(/^[0-9A-ZÑ]{14}$/),
  fc.stringMatching(/^[0-9]{7}[A-Z]{2}[0-9]{4}[A-Z][0-9]{4}[A-Z]{2}$/),
  fc.constant('x'.repeat(5000)),
  fc.constantFrom('', ' ', '%', '../../etc/passwd', '"', '\u0000', 'NaN', '-1', '1e309', '{}', 'null'),
);
const segment = nastyString.map((s) => encodeURIComponent(s).slice(0, 3000));
const anyJson = fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 60 }), fc.constantFrom('{"latitude":', '[', 'null', '{"latitude":41,"longitude":-4}'));

const request = fc.oneof(
  segment.map((ref) => ({ method: 'GET' as const, url: `/api/catastro/${ref}` })),
  fc.tuple(segment, segment).map(([ref, c]) => ({ method: 'GET' as const, url: `/api/catastro/${ref}?country=${c}` })),
  fc.tuple(segment, segment).map(([ref, cursor]) => ({ method: 'GET' as const, url: `/api/catastro/${ref}/units?cursor=${cursor}` })),
  segment.map((ref) => ({ method: 'GET' as const, url: `/api/catastro/${ref}/polygon` })),
  fc.tuple(fc.constantFrom('kml', 'gpx'), segment).map(([kind, ref]) => ({ method: 'GET' as const, url: `/api/export/${kind}?refcat=${ref}` })),
  fc.tuple(fc.integer({ min: -3, max: 30 }), fc.integer({ min: -5, max: 1 << 20 }), fc.integer({ min: -5, max: 1 << 20 }))
    .map(([z, x, y]) => ({ method: 'GET' as const, url: `/api/tiles/parcels/${z}/${x}/${y}.pbf` })),
  fc.tuple(anyJson, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'))
    .map(([payload, contentType]) => ({ method: 'POST' as const, url: '/api/search/coordinates', payload, headers: { 'content-type': contentType } })),
  fc.record({ latitude: fc.oneof(fc.double(), fc.string(), fc.constant(null)), longitude: fc.oneof(fc.double(), fc.string()), country: fc.option(nastyString) })
    .map((body) => ({ method: 'POST' as const, url: '/api/search/coordinates', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })),
  fc.tuple(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'), segment).map(([method, path]) => ({ method: method as 'GET', url: `/api/${path}` })),
);

describe('fuzzing every endpoint', () => {
  it('answers 10,000 generated requests without a 5xx, each with a valid envelope', async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(request, fc.dictionary(fc.constantFrom('x-api-key', 'if-none-match', 'accept', 'x-forwarded-for'), fc.string({ maxLength: 50 })), async (req, headers) => {
        const safeHeaders = Object.fromEntries(Object.entries(headers).filter(([, v]) => /^[\x20-\x7e]*$/.test(v)));
        const response = await api.app.inject({ ...req, headers: { ...safeHeaders, ...(req as any).headers } });
        sent++;
        expect(response.statusCode, `${req.method} ${req.url.slice(0, 120)} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        const type = String(response.headers['content-type'] ?? '');
        if (response.statusCode >= 300 && response.statusCode !== 304) {
          const body = response.json();
          expect(body.success).toBe(false);
          expect(typeof body.error).toBe('string');
          expect(SPEC_CODES.has(body.code)).toBe(true);
        } else if (type.includes('application/json')) {
          expect(response.json().success).toBe(true);
        }
      }),
      { numRuns: 10_000 },
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);
  }, 300_000);
});
