/** Redirects followed before an answer is refused. */
const MAX_REDIRECTS = 3;

/**
 * A redirect the client does not follow: to another host or port, from https down to http, or too many.
 * An official source sending us elsewhere is not followed (the answer would not be the source's).
 */
export class RedirectRefusedError extends Error {}

/**
 * fetch that follows redirects on the same origin only (scheme, host and port; the one change
 * allowed is http up to https on the host's default ports) and never from https down to http.
 * Every request to an official source (answers and bulk downloads alike) goes through it.
 */
export async function fetchSameHost(url: string | URL, init: Omit<RequestInit, 'redirect'> = {}): Promise<Response> {
  let target = new URL(url);
  for (let redirects = 0; ; redirects++) {
    const response = await fetch(target, { ...init, redirect: 'manual' });
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    target = nextOnSameHost(target, location, redirects);
  }
}

function nextOnSameHost(from: URL, location: string, redirects: number): URL {
  if (redirects >= MAX_REDIRECTS) throw new RedirectRefusedError(`more than ${MAX_REDIRECTS} redirects`);
  const next = new URL(location, from);
  if (next.hostname.toLowerCase() !== from.hostname.toLowerCase()) {
    throw new RedirectRefusedError(`it redirected to another host (${next.hostname}), which is not followed`);
  }
  if (from.protocol === 'https:' && next.protocol !== 'https:') throw new RedirectRefusedError('it redirected from https to http, which is not followed');
  // Another port of the same host is another server (another service of the machine, or the
  // publisher's admin port): only the same origin, or its upgrade to https, is the source's.
  const upgrade = from.protocol === 'http:' && next.protocol === 'https:' && from.port === '' && next.port === '';
  if (next.origin !== from.origin && !upgrade) {
    throw new RedirectRefusedError(`it redirected to another port or scheme (${next.origin}), which is not followed`);
  }
  return next;
}
