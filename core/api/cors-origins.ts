/**
 * Which origins `serve --cors-origin` takes (checked by the command line before anything starts,
 * and by the server itself): no library here, so `catastro --help` loads none.
 */

/**
 * Why an origin cannot be given, or undefined when it can. Browsers send `Origin` serialized
 * (scheme, lower-case host, port only when not the default) and it is compared exactly, so an
 * origin written otherwise would never match: it is refused with the spelling that would.
 */
export function corsOriginRefusal(text: string): string | undefined {
  if (text === '*') return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `'${text}' is not an origin; give scheme and host, e.g. https://maps.example.org (or * for any page).`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `'${text}' is not an http(s) origin; e.g. https://maps.example.org.`;
  if (url.origin !== text) return `'${text}' is not written as a browser sends it: give ${url.origin} (scheme, host and port only, no path or trailing slash).`;
  return undefined;
}

/**
 * Why `*` cannot be combined with how the server admits callers, or undefined. A key travels in
 * the X-API-Key header, never in a cookie, so a page can only spend a key it holds itself: with
 * keys alone, any origin is safe and no credentials mode is needed. Without keys (`--auth off`) or
 * with keyless calls admitted per IP (`--free-per-ip`), the visitor's own address is the credential:
 * any page on the web could use its visitors' browsers to read the server (an intranet one
 * included) or spend their daily allowance. There only listed origins are accepted.
 */
export function corsWildcardRefusal(origins: readonly string[], access: { auth: 'keys' | 'off'; freeTier?: unknown }): string | undefined {
  if (!origins.includes('*')) return undefined;
  if (access.auth === 'off')
    return "A CORS origin of * is refused with --auth off: any web page could read this server through its visitors' browsers. List the origins (https://maps.example.org).";
  if (access.freeTier)
    return "A CORS origin of * is refused with --free-per-ip: any web page could spend its visitors' daily allowance. List the origins (https://maps.example.org).";
  return undefined;
}
