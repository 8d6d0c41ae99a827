/**
 * The shape of a Spanish cadastral reference (SOURCES.md 1.6), the one copy the core and the app
 * share: a finca is 14 letters and digits, a unit 20 (the finca's 14, a 4-digit property number and
 * 2 control letters); a rustic finca is province(2) + municipality(3) + sector letter + polígono(3)
 * + parcela(5). The control letters, urban shape and messages stay in core/countries/es/reference.ts.
 */
const FINCA = '[0-9A-ZÑ]{14}';
const UNIT_TAIL = '[0-9]{4}[A-ZÑ]{2}';

export const SPANISH_FINCA_REFERENCE = new RegExp(`^${FINCA}$`);
export const SPANISH_UNIT_REFERENCE = new RegExp(`^${FINCA}${UNIT_TAIL}$`);
/** e.g. 13077A01800039. */
export const SPANISH_RUSTIC_REFERENCE = /^[0-9]{5}[A-ZÑ][0-9]{8}$/;

/** True for a canonical (upper-case, unspaced) 14- or 20-character Spanish reference shape; the control letters are not checked. */
export function hasSpanishReferenceShape(ref: string): boolean {
  return SPANISH_FINCA_REFERENCE.test(ref) || SPANISH_UNIT_REFERENCE.test(ref);
}

/** Province, municipality, sector, polígono and parcela of a rustic reference (2+3+1+3+5). */
export interface RusticParts {
  province: string;
  municipality: string;
  sector: string;
  poligono: number;
  parcela: number;
}

/** The rustic parts of a finca or unit reference; undefined when it is no rustic reference. */
export function rusticParts(ref: string): RusticParts | undefined {
  if (!SPANISH_RUSTIC_REFERENCE.test(ref.slice(0, 14))) return undefined;
  return {
    province: ref.slice(0, 2),
    municipality: ref.slice(2, 5),
    sector: ref.slice(5, 6),
    poligono: Number(ref.slice(6, 9)),
    parcela: Number(ref.slice(9, 14)),
  };
}
