/**
 * Base URLs of a country's sources: what the caller configured, else the official service.
 * Environment variables are read once for every country by the registry (`sourcesFromEnv`,
 * from each definition's `sourceEnv`), so the desktop app, the CLI and the server agree.
 */
export function resolveSources<T extends { [K in keyof T]: string }>(defaults: T, config: Readonly<Record<string, string | undefined>> = {}): T {
  const resolved = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T & string)[]) {
    const value = config[key];
    if (value !== undefined && value !== '') resolved[key] = value.replace(/\/+$/, '') as T[keyof T & string];
  }
  return resolved;
}

/** `base` + `?` or `&` + query: some services are configured with a query already in the URL. */
export function withQuery(base: string, query: URLSearchParams | string): string {
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
