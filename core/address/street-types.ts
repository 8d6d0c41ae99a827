import { fold } from './normalize.js';

/**
 * Spanish street types: the cadastre's two-letter code (OVC `TipoVia`/`tv`, SOURCES.md §1.2),
 * the full word CartoCiudad writes in `tip_via`, and the abbreviations people type.
 */
export interface StreetType {
  code: string;
  name: string;
  abbreviations: string[];
}

export const STREET_TYPES: StreetType[] = [
  { code: 'CL', name: 'CALLE', abbreviations: ['CL', 'C', 'CLL', 'CALL', 'CAL'] },
  { code: 'AV', name: 'AVENIDA', abbreviations: ['AV', 'AVD', 'AVDA', 'AVENIDA', 'AVNDA'] },
  { code: 'PZ', name: 'PLAZA', abbreviations: ['PZ', 'PL', 'PZA', 'PLZ', 'PLZA'] },
  { code: 'PS', name: 'PASEO', abbreviations: ['PS', 'PO', 'PSO', 'PASEO'] },
  { code: 'CR', name: 'CARRETERA', abbreviations: ['CR', 'CTRA', 'CRTA', 'CARRET'] },
  { code: 'CM', name: 'CAMINO', abbreviations: ['CM', 'CMNO', 'CAM', 'CNO'] },
  { code: 'TR', name: 'TRAVESIA', abbreviations: ['TR', 'TRV', 'TRAV', 'TRAVESIA'] },
  { code: 'GL', name: 'GLORIETA', abbreviations: ['GL', 'GTA', 'GLTA'] },
  { code: 'RD', name: 'RONDA', abbreviations: ['RD', 'RDA'] },
  { code: 'UR', name: 'URBANIZACION', abbreviations: ['UR', 'URB'] },
  { code: 'PJ', name: 'PASAJE', abbreviations: ['PJ', 'PSJE', 'PJE'] },
  { code: 'CJ', name: 'CALLEJON', abbreviations: ['CJ', 'CJON', 'CLLJON'] },
  { code: 'BO', name: 'BARRIO', abbreviations: ['BO', 'BRIO', 'BRO'] },
  { code: 'PG', name: 'POLIGONO', abbreviations: ['PG', 'POL', 'POLIG'] },
  { code: 'PQ', name: 'PARQUE', abbreviations: ['PQ', 'PRQUE'] },
  { code: 'CT', name: 'CUESTA', abbreviations: ['CT', 'CTA'] },
  { code: 'SD', name: 'SENDA', abbreviations: ['SD'] },
  { code: 'PR', name: 'PROLONGACION', abbreviations: ['PR', 'PROL'] },
  { code: 'LG', name: 'LUGAR', abbreviations: ['LG'] },
];

const BY_WORD = new Map<string, StreetType>();
for (const type of STREET_TYPES) {
  BY_WORD.set(type.name, type);
  for (const a of type.abbreviations) BY_WORD.set(a, type);
}

/** The street type a word (as typed: "Avda.", "C/", "calle", "Pº") stands for. */
export function streetTypeOf(word: string): StreetType | undefined {
  const cleaned = word.replace(/º|ª/g, 'O');
  return BY_WORD.get(fold(cleaned).replace(/\s+/g, ''));
}

export function streetTypeByCode(code: string): StreetType | undefined {
  return STREET_TYPES.find((t) => t.code === code.toUpperCase());
}

export function streetTypeByName(name: string): StreetType | undefined {
  return STREET_TYPES.find((t) => t.name === fold(name));
}
