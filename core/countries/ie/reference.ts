/**
 * Irish plot id: Tailte Éireann's numeric `SP_ID` of a registered plot (SOURCES.md 15), e.g.
 * `2577972`. Bare digits are never detected as Irish: the spec answers IE references only with
 * `?country=IE` and the numeric plot id.
 */
const PLOT = /^\d{1,10}$/;

export const IE_REFERENCE_HINT = "An Irish plot is Tailte Éireann's numeric plot id (SP_ID, e.g. 2577972), asked with ?country=IE.";

export function parseIrishReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim();
  return PLOT.test(text) && Number(text) > 0 ? String(Number(text)) : undefined;
}
