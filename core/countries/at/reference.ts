/**
 * Austrian parcel: Katastralgemeinde number (5 digits) - Grundstücksnummer (`.5/1` for a building
 * plot, leading dot; `5/1` otherwise): `14168-.5/1`, `01004-1711` (SOURCES.md 8, the spec's
 * `<KG>-<Gst>`).
 */
const PARCEL = /^(\d{5})[\s-]+(\.?\d{1,5}(?:\/\d{1,4})?)$/;

export const AT_REFERENCE_HINT = 'An Austrian parcel is Katastralgemeinde (5 digits) - Grundstücksnummer, e.g. 01004-1711 or 14168-.5/1.';

export function parseAustrianReference(raw: string): string | undefined {
  const match = PARCEL.exec(raw.normalize('NFC').trim());
  return match ? `${match[1]}-${match[2]}` : undefined;
}

/**
 * The reference of a parcel BEV's WMS answers, from its inspireId `AT.0002.I.6.CP.<KG><Gst>`
 * (`AT.0002.I.6.CP.010041711` → 01004-1711; SOURCES.md 15 shows no other identifier). Reading
 * the five digits after `CP.` as the KG and the rest as the number is this adapter's reading
 * (UNCERTAIN: how a `/` or a building plot's dot is written there is not known).
 */
export function referenceOfInspireId(inspireId: string | undefined): string | undefined {
  const match = /\.CP\.(\d{5})(\d{1,5})$/.exec(inspireId?.trim() ?? '');
  return match ? parseAustrianReference(`${match[1]}-${match[2]}`) : undefined;
}
