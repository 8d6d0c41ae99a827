import ipaddr from 'ipaddr.js';

/**
 * The address a keyless caller's free daily allowance is counted for: an IPv4 address itself
 * (also when written IPv4-mapped, `::ffff:a.b.c.d`), and for IPv6 its /64 network. A single
 * subscriber or server is routinely given a whole /64 (RFC 6177), so counting per full IPv6
 * address would hand whoever holds one 2^64 allowances. Parsing through ipaddr.js, the parser
 * fastify's own proxy handling uses, rather than by hand: IPv6 has many spellings of one address.
 */
export function allowanceAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip); // IPv4-mapped IPv6 comes back as IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...network, 0, 0, 0, 0]).toString()}/64`;
}
