import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { trustedProxiesRefusal, trustedProxyMatcher, trustedProxyRefusal } from '../../../core/api/trusted-proxies.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * `serve --trust-proxy` (core/api/trusted-proxies.ts). Behind a reverse proxy every connection
 * comes from the proxy: every keyless caller shared one free allowance, and the proxy's
 * connections counted against one address's bound.
 */
const PARCEL = '/api/catastro/000700100UL74F'; // of the bundled sample
const PROXY = '10.0.0.5';

let api: TestApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

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

  it('a caller named with its port is the address alone; an entry that is no address is refused, not a caller of its own', async () => {
    api = await startTestApi({ auth: 'keys', freeTier: { perIpDaily: 1 }, trustedProxies: [PROXY] });
    expect((await keyless(PROXY, '203.0.113.1:5555')).statusCode).toBe(200);
    expect((await keyless(PROXY, '203.0.113.1:5556')).statusCode).toBe(429);
    expect((await keyless(PROXY, '203.0.113.1')).statusCode).toBe(429);
    for (const entry of ['abc', '198.51.100.9, abc']) {
      const refused = await keyless(PROXY, entry);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: expect.stringMatching(/X-Forwarded-For names no IP address/) });
    }
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
      const closed = sockets.map(
        (s) =>
          new Promise<boolean>((resolve) => {
            s.on('close', () => resolve(true));
            s.on('error', () => {});
            setTimeout(() => resolve(false), 1_000);
          }),
      );
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
    expect(trustedProxyRefusal('0.0.0.0/0')).toMatch(/would trust more public IPv4 addresses than a \/8/);
    expect(trustedProxyRefusal('::/0')).toMatch(/would trust more public IPv4 addresses/); // every IPv4-mapped one
    expect(trustedProxyRefusal('2000::/3')).toMatch(/more public IPv6 addresses than a \/32/);
    expect(trustedProxyRefusal('10.0.0.0/8/1')).toMatch(/not an IP address or network/);
    // Whatever their size, private networks; a CDN's ranges; a small public network.
    for (const accepted of [
      ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '127.0.0.1'],
      ['173.245.48.0/20', '103.21.244.0/22', '104.16.0.0/13'],
      ['2400:cb00::/32'],
      ['203.0.113.0/24', '::ffff:10.0.0.0/104'],
    ]) {
      expect(trustedProxiesRefusal(accepted), accepted.join()).toBeUndefined();
    }
    // Halves or quarters of the Internet, the same through IPv4-mapped IPv6, or an IPv6 network holding them all.
    for (const refused of [
      ['0.0.0.0/1', '128.0.0.0/1'],
      ['0.0.0.0/2', '64.0.0.0/2', '128.0.0.0/2', '192.0.0.0/2'],
      ['1.0.0.0/7'],
      ['::ffff:0:0/97', '::ffff:128.0.0.0/97'],
      ['::/64'],
      ['2000::/3'],
    ]) {
      expect(trustedProxiesRefusal(refused), refused.join()).toMatch(/would trust more public/);
    }
    expect(trustedProxyRefusal('0.0.0.0/1')).toMatch(/would trust more public IPv4/); // each half alone, too
    const trusted = trustedProxyMatcher(['10.0.0.0/24', '::1']);
    expect([trusted('10.0.0.200'), trusted('::ffff:10.0.0.1'), trusted('10.0.1.1'), trusted('::1'), trusted('unknown')]).toEqual([
      true,
      true,
      false,
      true,
      false,
    ]);
  });
});
