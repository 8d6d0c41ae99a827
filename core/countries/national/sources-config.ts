/**
 * Base URLs of a country's sources: what the caller configured, else the adapter's own
 * environment variable, else the official service. Each adapter names its variables, so the
 * desktop app, the CLI and the server are configured the same way without knowing the countries.
 */
export function resolveSources<T extends { [K in keyof T]: string }>(
  defaults: T,
  envNames: { [K in keyof T]: string },
  config: Partial<T> = {},
  env: NodeJS.ProcessEnv = process.env,
): T {
  const resolved = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof T)[]) {
    const value = config[key] ?? env[envNames[key]];
    if (value !== undefined && value !== '') resolved[key] = value.replace(/\/+$/, '') as T[keyof T];
  }
  return resolved;
}

/** `base` + `?` or `&` + query: some services are configured with a query already in the URL. */
export function withQuery(base: string, query: URLSearchParams | string): string {
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}
