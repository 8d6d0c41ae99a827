/**
 * How fast the lookups of batches (served, the app's, `catastro batch`) ask one source: at most
 * `inFlight` requests at once and `intervalMs` between starts, for all batches of the process
 * together, whatever the source's breaker or client. The official sources publish no rate
 * (SOURCES.md: the Catastro's OVC drops connections under bulk querying), so this is the pace
 * `catastro batch` has always kept: 4 requests a second, 2 at once. A source's own usage policy,
 * where slower (Nominatim: 1 a second), still applies on top (processTurns).
 */
export const BATCH_PACE = { intervalMs: 250, inFlight: 2 } as const;
