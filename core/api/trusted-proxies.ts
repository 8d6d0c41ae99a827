import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import type IpAddr from 'ipaddr.js';

// Required at the first check, not imported, and the private networks worked out then too: every
// command's option parsers load this module (cli/arguments.ts), and importing ipaddr.js (the ESM
// loader scans a CommonJS package's source for its exports) with the networks below took 20-40 ms
// of CPU, more than a published municipality's parcels (docs/performance.md).
let ipaddrLibrary: typeof IpAddr | undefined;
const ipaddr = () => (ipaddrLibrary ??= createRequire(import.meta.url)('ipaddr.js') as typeof IpAddr);

/**
 * `serve --trust-proxy`: the addresses of reverse proxies in front of the server (docs/team-server.md:
 * server). Behind a proxy every connection comes from the proxy: without this, all keyless callers
 * shared one `--free-per-ip` allowance and one batch owner, and the proxy's connections counted
 * against one address's bound. From a listed address, the caller is the last address of
 * `X-Forwarded-For` not itself listed (fastify's `trustProxy`, proxy-addr), and the connection
 * bound per address does not apply (the proxy holds many callers' connections). From any other
 * address the header is ignored, so a caller cannot name itself someone else.
 */

/** Why `text` cannot name a trusted proxy (an address, or a network as address/prefix), or undefined. */
export function trustedProxyRefusal(text: string): string | undefined {
  const [address, prefix, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) {
    return `'${text}' is not an IP address or network; give the proxy's address, e.g. 10.0.0.5 or 10.0.0.0/24.`;
  }
  const bits = family === 4 ? 32 : 128;
  if (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits)) return `'${text}' has no valid prefix length (0 to ${bits}).`;
  return trustedProxiesRefusal([text]);
}

/**
 * Networks trusted whatever their size: private, shared (CGNAT), loopback and link-local ones,
 * where a reverse proxy sits; an outsider cannot take an address there. They do not overlap.
 */
const PRIVATE_NETWORKS = {
  ipv4: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16'],
  ipv6: ['fc00::/7', 'fe80::/10', '::1/128'],
};
/**
 * Public addresses the proxies together may cover: as many as the largest private IPv4 network
 * (10.0.0.0/8), and one provider's IPv6 allocation (a /32). A CDN's published ranges fit; halves
 * or quarters of the Internet (`0.0.0.0/1` + `128.0.0.0/1`) do not.
 */
const MOST_PUBLIC = { ipv4: 2n ** 24n, ipv6: 2n ** 96n };

type Family = 'ipv4' | 'ipv6';
interface Network {
  family: Family;
  first: bigint;
  size: bigint;
}

function networkOf(cidr: string): Network {
  const [address, prefix] = ipaddr().parseCIDR(cidr.includes('/') ? cidr : `${cidr}/${isIP(cidr) === 4 ? 32 : 128}`);
  const family = address.kind();
  const bits = family === 'ipv4' ? 32 : 128;
  const first = address.toByteArray().reduce((value, byte) => (value << 8n) | BigInt(byte), 0n) & ~((1n << BigInt(bits - prefix)) - 1n);
  return { family, first, size: 1n << BigInt(bits - prefix) };
}

const within = (inner: Network, outer: Network) =>
  inner.family === outer.family && inner.first >= outer.first && inner.first + inner.size <= outer.first + outer.size;
let knownNetworks: { private: Network[]; mapped: Network; everyIpv4: Network } | undefined;
const networks = () =>
  (knownNetworks ??= {
    private: [...PRIVATE_NETWORKS.ipv4, ...PRIVATE_NETWORKS.ipv6].map(networkOf),
    mapped: networkOf('::ffff:0:0/96'),
    everyIpv4: networkOf('0.0.0.0/0'),
  });

/** Public addresses in `network`: its size less the private networks inside it (CIDR networks nest or are apart). */
function publicAddresses(network: Network): bigint {
  const { private: privateNetworks } = networks();
  if (privateNetworks.some((range) => within(network, range))) return 0n;
  return privateNetworks.filter((range) => within(range, network)).reduce((left, range) => left - range.size, network.size);
}

/**
 * Why this set of trusted proxies cannot be had, or undefined: together they may not cover more
 * public addresses than MOST_PUBLIC, or any caller from them could write its own X-Forwarded-For
 * and take any address. Counted as listed (overlaps count twice, which only makes it stricter).
 * By hand over BigInts: ipaddr.js parses and ranges single addresses, no library here sums
 * networks. IPv4-mapped IPv6 networks (`::ffff:0:0/96` and inside) count as the IPv4 they map.
 */
export function trustedProxiesRefusal(entries: readonly string[]): string | undefined {
  const covered = { ipv4: 0n, ipv6: 0n };
  const { mapped, everyIpv4 } = networks();
  for (const entry of entries) {
    const network = networkOf(entry);
    if (within(network, mapped)) {
      covered.ipv4 += publicAddresses({ family: 'ipv4', first: network.first - mapped.first, size: network.size });
      continue;
    }
    covered[network.family] += publicAddresses(network);
    if (within(mapped, network)) covered.ipv4 += publicAddresses(everyIpv4);
  }
  const over = (['ipv4', 'ipv6'] as const).find((family) => covered[family] > MOST_PUBLIC[family]);
  if (!over) return undefined;
  const list = entries.length === 1 ? `'${entries[0]}'` : `--trust-proxy ${entries.join(', ')}`;
  return (
    `${list} would trust more public ${over === 'ipv4' ? 'IPv4' : 'IPv6'} addresses than ${over === 'ipv4' ? 'a /8' : 'a /32'}` +
    ", so a caller from any of them could claim any address; list the proxies' own addresses or networks."
  );
}

/** Whether a socket's remote address is one of `entries` (each accepted by trustedProxyRefusal). */
export function trustedProxyMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (remote) => {
    // A dual-stack socket reports an IPv4 peer as ::ffff:a.b.c.d.
    const address = remote.startsWith('::ffff:') && isIP(remote.slice(7)) === 4 ? remote.slice(7) : remote;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}
