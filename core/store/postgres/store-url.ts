// A module of its own, without pg: `catastro import` and the other commands ask "is this a team
// store?" before they know they need one, and pg with its dependencies is about 45 modules of
// start-up for a local import (docs/performance.md, "Import on distinct parcels").

/** `postgres://…` or `postgresql://…`: a team store rather than a data folder. */
export const isPostgresUrl = (value: string | undefined): value is string => !!value && /^postgres(?:ql)?:\/\//i.test(value);

/** The URL without its password, for messages and logs. */
export function describeDatabase(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the team database';
  }
}
