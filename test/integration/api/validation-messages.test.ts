import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';

const api = apiForTests();

const refusal = async (request: InjectOptions) => {
  const response = await api.app.inject(request);
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  return body.error as string;
};

/** Route-schema refusals a script's author can act on: the parameter, what it must be, said once. */
describe('schema refusals in plain words', () => {
  it('names the allowed values of an unknown batch result format, each once', async () => {
    const error = await refusal({ method: 'GET', url: '/api/batch/00000000-0000-0000-0000-000000000000/result.xlsx' });
    expect(error).toBe("Invalid request: Path parameter 'format' must be one of csv, geojson, gpkg, kml.");
  });

  it('names the allowed overlay kinds', async () => {
    const error = await refusal({ method: 'GET', url: '/api/overlays/floods?bbox=-5,40,-4,41' });
    expect(error).toMatch(/^Invalid request: Path parameter 'kind' must be one of [a-z-]+(, [a-z-]+)+\.$/);
    expect(error).not.toMatch(/constant|anyOf/);
  });

  it('says a query parameter was given twice', async () => {
    const error = await refusal({ method: 'GET', url: '/api/catastro/000700100UL74F?country=ES&country=FR' });
    expect(error).toBe("Invalid request: Parameter 'country' must be given once.");
  });

  it.each([
    ['text/plain', '{"latitude":41.06,"longitude":-4.46}'],
    ['application/x-www-form-urlencoded', 'latitude=41.06&longitude=-4.46'],
    ['application/json', '[41.06, -4.46]'],
  ])('asks for a JSON object body when the body is %s %s', async (contentType, payload) => {
    const error = await refusal({ method: 'POST', url: '/api/search/coordinates', headers: { 'content-type': contentType }, payload });
    expect(error).toBe('Invalid request: the body must be a JSON object sent with Content-Type: application/json.');
  });

  it('says how large a body the endpoint takes', async () => {
    const payload = JSON.stringify({ latitude: 41.06, longitude: -4.46, padding: 'x'.repeat(70_000) });
    const error = await refusal({ method: 'POST', url: '/api/search/coordinates', headers: { 'content-type': 'application/json' }, payload });
    expect(error).toBe('Invalid request: the body is larger than the 65536 bytes this endpoint takes.');
  });

  it('names a required body field that is missing', async () => {
    const error = await refusal({ method: 'POST', url: '/api/batch/preview', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(error).toBe("Invalid request: Field 'csv' is required.");
  });

  it('names the parameter of a size refusal without the schema path', async () => {
    const error = await refusal({ method: 'GET', url: `/api/catastro/000700100UL74F?country=${'X'.repeat(9)}` });
    expect(error).toBe("Invalid request: Parameter 'country' must NOT have more than 8 characters.");
  });
});

/**
 * JSON bodies refused by the parser. Found by probing: a valid JSON object holding a
 * `__proto__` or `constructor.prototype` key (refused against prototype pollution) was answered
 * "Body is not valid JSON", and a real syntax error said nothing of where it was.
 */
describe('JSON bodies the parser refuses', () => {
  const post = (payload: string) => ({ method: 'POST' as const, url: '/api/search/coordinates', headers: { 'content-type': 'application/json' }, payload });

  it.each([
    '{"__proto__":{"admin":true},"latitude":41.0613,"longitude":-4.4684}',
    '{"constructor":{"prototype":{"admin":true}},"latitude":41.0613,"longitude":-4.4684}',
  ])('names the forbidden key of %s, not a syntax error', async (payload) => {
    const error = await refusal(post(payload));
    expect(error).toMatch(/__proto__.*constructor\.prototype/);
    expect(error).not.toMatch(/not valid JSON/);
  });

  it.each([
    ['{"latitude":41,', /not valid JSON/],
    ['{"latitude":41.06,"longitude":-4.46} x', /not valid JSON/],
  ])('says where the JSON of %s goes wrong', async (payload, expected) => {
    const error = await refusal(post(payload));
    expect(error).toMatch(expected);
    expect(error).toMatch(/position|end of JSON input/);
  });

  it('keeps saying an empty JSON body is missing', async () => {
    expect(await refusal(post(''))).toBe('Invalid request: the JSON body is missing');
  });
});
