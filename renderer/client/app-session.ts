const STORED = 'catastro.appSession';

/**
 * The session token `catastro start` puts in the app's address (`#session=…`) when it serves the
 * app to a browser: it opens the app's own actions (offline areas) on that server. Kept in the
 * tab's sessionStorage so a reload keeps it, and taken out of the address bar so it is not
 * bookmarked or pasted to someone else. Undefined in a browser tab of a plain `catastro serve`.
 */
export function appSessionToken(): string | undefined {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const given = hash.get('session');
  try {
    if (given) {
      window.sessionStorage.setItem(STORED, given);
      hash.delete('session');
      const rest = hash.toString();
      window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`);
      return given;
    }
    return window.sessionStorage.getItem(STORED) ?? undefined;
  } catch {
    return given ?? undefined; // storage refused (privacy settings): this page load still has it
  }
}
