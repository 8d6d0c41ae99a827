import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureOf, recordedUnitRefs, startRig, type AdapterRig } from './spain-adapter-harness.js';

/** The rigs here use timeoutMs 400 and one retry (FAST_UPSTREAM) unless a test says otherwise. */
const rigs: AdapterRig[] = [];
afterEach(async () => {
  await Promise.all(rigs.splice(0).map((r) => r.close()));
});
const rig = async (options?: Parameters<typeof startRig>[0]) => {
  const r = await startRig(options);
  rigs.push(r);
  return r;
};

const dnprcRequests = (r: AdapterRig) => r.fake.requests.filter((q) => q.includes('Consulta_DNPRC')).length;
const wfsRequests = (r: AdapterRig) => r.fake.requests.filter((q) => q.startsWith('/INSPIRE/')).length;

describe('SpainAdapter when the Catastro misbehaves', () => {
  it('a slow source times out: 503 SERVICE_UNAVAILABLE, in about two timeouts (one retry)', async () => {
    const r = await rig();
    r.fake.setFault({ kind: 'slow', delayMs: 2_000 });
    const started = Date.now();
    const error = await failureOf(r.adapter.units('9398516VK3799G', undefined, r.ctx));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.status).toBe(503);
    expect(error.message).toContain('no answer within 400 ms');
    expect(Date.now() - started).toBeLessThan(1_800);
    // The retry was sent; on a loaded machine the fake may log it only after the client gave up.
    await vi.waitFor(() => expect(dnprcRequests(r)).toBe(2), { timeout: 2_000 });
  });

  it('a 503 is retried and the answer that follows is used', async () => {
    const r = await rig();
    r.fake.setFault({ kind: 'status', status: 503, times: 1 });
    const page = await r.adapter.units('9398516VK3799G', undefined, r.ctx);
    expect(page.unidades.map((u) => u.refCatastral)).toEqual(recordedUnitRefs);
    expect(dnprcRequests(r)).toBe(2);
  });

  it('a source that keeps answering 5xx is 503 after the retries', async () => {
    const r = await rig();
    r.fake.setFault({ kind: 'status', status: 500 });
    const error = await failureOf(r.adapter.parcelByReference('9398516VK3799G', r.ctx));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(/does not answer; retry later/);
    expect(wfsRequests(r)).toBe(2);
    expect(r.store.getParcel('ES', '9398516VK3799G')).toBeUndefined();
  });

  it('a connection cut mid-answer is 503', async () => {
    const r = await rig();
    r.fake.setFault({ kind: 'cut' });
    const error = await failureOf(r.adapter.parcelAt([-3.7112, 40.4612], r.ctx));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('malformed XML from the WFS is 503 and nothing is cached', async () => {
    const r = await rig();
    await r.adapter.units('9398516VK3799G', undefined, r.ctx); // finca facts known: only the WFS is asked next
    r.fake.setFault({ kind: 'malformed' });
    const error = await failureOf(r.adapter.parcelByReference('9398516VK3799G', r.ctx));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toContain('malformed XML');
    expect(r.fake.requests.at(-1)).toContain('/INSPIRE/wfsCP.aspx');
    expect(r.store.getParcel('ES', '9398516VK3799G')).toBeUndefined();
  });

  it('malformed JSON from the OVC is 503', async () => {
    const r = await rig();
    r.fake.setFault({ kind: 'malformed' });
    const error = await failureOf(r.adapter.units('9398516VK3799G', undefined, r.ctx));
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toContain('not JSON');
  });

  it('the breaker opens after repeated failures (no more requests), half-opens and closes when the source is back', async () => {
    const r = await rig({ upstream: { retries: 0, breakerThreshold: 2, breakerHalfOpenAfterMs: 300 } });
    r.fake.setFault({ kind: 'status', status: 503 });
    await failureOf(r.adapter.units('9398516VK3799G', undefined, r.ctx));
    await failureOf(r.adapter.units('9398516VK3799G', undefined, r.ctx));
    expect(r.http.breakerState('Catastro OVC')).toBe('open');
    const asked = r.fake.requests.length;
    r.fake.setFault({ kind: 'none' });
    const refused = await failureOf(r.adapter.units('9398516VK3799G', undefined, r.ctx));
    expect(refused.code).toBe('SERVICE_UNAVAILABLE');
    expect(r.fake.requests.length).toBe(asked);

    await new Promise((resolve) => setTimeout(resolve, 350));
    const page = await r.adapter.units('9398516VK3799G', undefined, r.ctx);
    expect(page.unidades).toHaveLength(18);
    expect(r.http.breakerState('Catastro OVC')).toBe('closed');
  });

  it('what is in the copy still answers while the source is down; what is not answers 503', async () => {
    const r = await rig();
    await r.adapter.parcelByReference('9398516VK3799G', r.ctx);
    r.fake.setFault({ kind: 'status', status: 503 });
    const asked = r.fake.requests.length;

    const parcel = await r.adapter.parcelByReference('9398516VK3799G', r.ctx);
    expect(parcel.dataSource).toBe('clone');
    const units = await r.adapter.units('9398516VK3799G', undefined, r.ctx);
    expect(units.dataSource).toBe('clone');
    expect(units.unidades).toHaveLength(18);
    const unit = await r.adapter.parcelByReference(recordedUnitRefs[2], r.ctx);
    expect(unit.refCatastral).toBe(recordedUnitRefs[2]);
    const polygon = await r.adapter.polygon('9398516VK3799G', r.ctx);
    expect(polygon.geojson.geometry.coordinates[0]).toEqual(parcel.poligono);
    const match = await r.adapter.parcelAt([parcel.longitud, parcel.latitud], r.ctx);
    expect(match.refCat14).toBe('9398516VK3799G');
    expect(r.fake.requests.length).toBe(asked);

    const missing = await failureOf(r.adapter.parcelByReference('8429105VK1882N', r.ctx));
    expect(missing.code).toBe('SERVICE_UNAVAILABLE');
  });
});
