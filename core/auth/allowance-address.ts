import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address a keyless caller's free daily allowance is counted for: an IPv4 address itself
 * (also when written IPv4-mapped, `::ffff:a.b.c.d`), and for IPv6 its /64 network. A single
 * subscriber or server is routinely given a whole /64 (RFC 6177), so counting per full IPv6
 * address would hand whoever holds one 2^64 allowances. Parsing through ipaddr.js, the parser
 * fastify's own proxy handling uses, rather than by hand: IPv6 has many spellings of one address.
 * Undefined when `ip` is no IP address (a proxy's X-Forwarded-For entry `abc`): it names no caller.
 */
export function allowanceAddress(ip: string): string | undefined {
  const address = withoutPort(ip);
  if (isIP(address) === 0) return undefined;
  const parsed = ipaddr.process(address); // IPv4-mapped IPv6 comes back as IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * A trusted proxy's X-Forwarded-For entry may carry the caller's port (`203.0.113.7:5555`,
 * `[2001:db8::1]:5555`, as some load balancers write it): the address alone is the caller, or
 * each port would be a caller of its own.
 */
function withoutPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return bracketed[1];
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(entry);
  return v4 ? v4[1] : entry;
}
