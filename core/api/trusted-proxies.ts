import { BlockList, isIP } from 'node:net';

/**
 * `serve --trust-proxy`: the addresses of reverse proxies in front of the server (README, Team
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
  if (prefix === undefined) return undefined;
  const bits = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return `'${text}' has no valid prefix length (0 to ${bits}).`;
  // Every address trusted would let any caller write its own X-Forwarded-For and take any address.
  if (Number(prefix) === 0) return `'${text}' would trust every address, so any caller could claim any address; list the proxies.`;
  return undefined;
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
