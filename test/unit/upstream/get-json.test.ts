import { describe, expect, it } from 'vitest';
import { getJson } from '../../../core/upstream/get-json.js';

const answering = (status: number, body: string) => ({ getText: async () => ({ status, body }) });

describe('getJson: JSON, or 503 when the body is not JSON', () => {
  it('parses a JSON body (a byte-order mark included) and keeps the status', async () => {
    expect(await getJson(answering(200, '\uFEFF[{"a":1}]'), 'http://x', { source: 'SIGPAC' })).toEqual({ status: 200, json: [{ a: 1 }] });
    expect(await getJson(answering(400, '{"message":"out of range"}'), 'http://x', { source: 'PVGIS' })).toEqual({
      status: 400,
      json: { message: 'out of range' },
    });
  });

  it('a maintenance page or a cut answer with 2xx is the source failing: 503 naming it', async () => {
    for (const body of ['<html>maintenance</html>', '[{"a":', '']) {
      await expect(getJson(answering(200, body), 'http://x', { source: 'cartociudad' })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        message: expect.stringContaining('cartociudad sent an answer that is not JSON'),
      });
    }
  });

  it('a 4xx refusal in plain text resolves without JSON for the caller to read its status', async () => {
    expect(await getJson(answering(404, 'Not Found'), 'http://x', { source: 'PVGIS' })).toEqual({ status: 404, json: undefined });
  });
});
