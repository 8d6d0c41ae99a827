import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';

const api = apiForTests();

describe('when the official source is down', () => {
  it('a parcel in the copy still answers, one that is not answers 503 SERVICE_UNAVAILABLE', async () => {
    api.fake.setFault({ kind: 'status', status: 503, times: 1000 });
    const fromCopy = await api.app.inject({ method: 'GET', url: '/api/catastro/000700100UL74F' });
    expect(fromCopy.statusCode).toBe(200);
    const live = await api.app.inject({ method: 'GET', url: '/api/catastro/8429105VK1882N' });
    expect(live.statusCode).toBe(503);
    expect(live.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });

  it('a cut connection is 503 too, and the service recovers when the source is back', async () => {
    api.fake.setFault({ kind: 'cut', times: 1000 });
    const cut = await api.app.inject({ method: 'GET', url: '/api/catastro/6362209CF9666S' });
    expect(cut.statusCode).toBe(503);
    api.fake.setFault({ kind: 'none' });
    // The circuit breaker may still be open for a moment; the spec's client retries with growing wait.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await api.app.inject({ method: 'GET', url: '/api/catastro/6362209CF9666S' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(200);
  });
});
