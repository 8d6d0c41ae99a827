/**
 * Bulgarian cadastral identifier (SOURCES.md 15; AGKK's layer field `nationalcadastralref`):
 * EKATTE code of the settlement (5 digits) . cadastral district . property, e.g. `68134.100.5`
 * (Sofia). Groups are written without leading zeros.
 */
const IDENTIFIER = /^(\d{5})\.(\d{1,4})\.(\d{1,4})$/;

export const BG_REFERENCE_HINT =
  'A Bulgarian cadastral identifier is EKATTE code (5 digits) . district . property, e.g. 68134.100.5.';

export function parseBulgarianReference(raw: string): string | undefined {
  const match = IDENTIFIER.exec(raw.normalize('NFC').trim().replace(/\s+/g, ''));
  if (!match) return undefined;
  const [, ekatte, district, property] = match;
  if (Number(district) === 0 || Number(property) === 0) return undefined;
  return `${ekatte}.${Number(district)}.${Number(property)}`;
}
