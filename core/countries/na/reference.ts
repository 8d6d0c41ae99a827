/**
 * Navarre's cadastral reference (SOURCES.md 1b): 9 digits = municipality (3) + polígono (2) +
 * parcela (4), the RRTN's `nationalCadastralReference` and IDENA's `REFCAT`. People type it in
 * groups (`201-7-184`, `201/07/0184`, `201 7 184`); those are zero-padded to the 9 digits.
 */
const CANONICAL = /^\d{9}$/;
const GROUPED = /^(\d{1,3})\s*[-/.,\s]\s*(\d{1,2})\s*[-/.,\s]\s*(\d{1,4})$/;

export const NA_REFERENCE_HINT =
  'A Navarre (NA) reference has 9 digits: municipality (3) + polígono (2) + parcela (4), e.g. 201061838 '
  + '(also written in groups: 201-6-1838).';

export function parseNavarreReference(raw: string): string | undefined {
  const text = raw.normalize('NFC').trim();
  if (CANONICAL.test(text)) return text;
  const grouped = GROUPED.exec(text);
  if (!grouped) return undefined;
  const [, municipality, polygon, parcel] = grouped;
  if (Number(polygon) === 0 || Number(parcel) === 0) return undefined;
  return `${municipality.padStart(3, '0')}${polygon.padStart(2, '0')}${parcel.padStart(4, '0')}`;
}
