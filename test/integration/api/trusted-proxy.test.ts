import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trustedProxyMatcher, trustedProxyRefusal } from '../../../core/api/trusted-proxies.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * `serve --trust-proxy` (core/api/trusted-proxies.ts). Behind a reverse proxy every connection
 * comes from the proxy: every keyless caller shared one free allowance, and the proxy's
 * connections counted against one address's bound.
 */
const PARCEL = '/api/catastro/000700100UL74F'; // of the bundled sample
const PROXY = '10.0.0.5';

let api: TestApi | undefined;
afterEach(async () => { await api?.close(); api = undefined; });

const keyless = (from: string, forwardedFor?: string) =>
  api!.app.inject({ method: 'GET', url: PARCEL, remoteAddress: from, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('serve --trust-proxy', () => {
  it('from a listed proxy, each caller named in X-Forwarded-For has its own free allowance', async () => {
    api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 }, trustedProxies: [PROXY] });
    expect((await keyless(PROXY, '203.0.113.1')).statusCode).toBe(200);
    expect((await keyless(PROXY, '203.0.113.2')).statusCode).toBe(200);
    const again = await keyless(PROXY, '203.0.113.1');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
  });

  it('a network is trusted as a whole; the last address not itself a proxy is the caller', async () => {
    api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 }, trustedProxies: ['10.0.0.0/24'] });
    // A client writing its own header: the proxy appends the real address, which is the one counted.
    expect((await keyless('10.0.0.9', '198.51.100.7, 203.0.113.1')).statusCode).toBe(200);
    expect((await keyless('10.0.0.9', '203.0.113.2')).statusCode).toBe(200);
    expect((await keyless('10.0.0.9', '198.51.100.8, 203.0.113.1')).statusCode).toBe(429);
  });

  it('from any other address X-Forwarded-For is ignored: a caller cannot name itself someone else', async () => {
    api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 }, trustedProxies: [PROXY] });
    expect((await keyless('192.0.2.50', '203.0.113.1')).statusCode).toBe(200);
    expect((await keyless('192.0.2.50', '203.0.113.2')).statusCode).toBe(429);
  });

  it('without the option the header is ignored, as before', async () => {
    api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 } });
    expect((await keyless(PROXY, '203.0.113.1')).statusCode).toBe(200);
    expect((await keyless(PROXY, '203.0.113.2')).statusCode).toBe(429);
  });

  it("a listed proxy's connections are not bounded per address; anyone else's still are", async () => {
    const open = async (trustedProxies?: string[]) => {
      api = await startTestApi({ limits: { perAddress: 2 }, trustedProxies });
      await api.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (api.app.server.address() as net.AddressInfo).port;
      const sockets = [0, 1, 2].map(() => net.connect(port, '127.0.0.1'));
      const closed = sockets.map((s) => new Promise<boolean>((resolve) => { s.on('close', () => resolve(true)); s.on('error', () => {}); setTimeout(() => resolve(false), 1_000); }));
      const result = await Promise.all(closed);
      for (const s of sockets) s.destroy();
      await api.close();
      api = undefined;
      return result.filter(Boolean).length;
    };
    expect(await open(['127.0.0.1'])).toBe(0);
    expect(await open()).toBe(1);
  });

  it('refuses what is not an address or network, and a network of every address', () => {
    expect(trustedProxyRefusal('10.0.0.5')).toBeUndefined();
    expect(trustedProxyRefusal('2001:db8::/32')).toBeUndefined();
    expect(trustedProxyRefusal('proxy.example.org')).toMatch(/not an IP address or network/);
    expect(trustedProxyRefusal('10.0.0.0/33')).toMatch(/prefix length \(0 to 32\)/);
    expect(trustedProxyRefusal('0.0.0.0/0')).toMatch(/trust every address/);
    expect(trustedProxyRefusal('10.0.0.0/8/1')).toMatch(/not an IP address or network/);
    const trusted = trustedProxyMatcher(['10.0.0.0/24', '::1']);
    expect([trusted('10.0.0.200'), trusted('::ffff:10.0.0.1'), trusted('10.0.1.1'), trusted('::1'), trusted('unknown')]).toEqual([true, true, false, true, false]);
  });
});
