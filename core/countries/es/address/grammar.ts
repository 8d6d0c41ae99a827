import { fold, nameRules, type NameRules } from '../../../address/normalize.js';
import type { AddressGrammar, StreetType } from '../../../address/query.js';

/**
 * Spain's address grammar, read by the shared address reader (core/address/query.ts) and the
 * shared scoring (core/address/confianza.ts) when Spain's adapter searches or parses an address.
 *
 * Street types: the cadastre's two-letter code (OVC `TipoVia`/`tv`, SOURCES.md §1.2), the full
 * word CartoCiudad writes in `tip_via`, and the abbreviations people type.
 */
export type { StreetType };

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

/**
 * The articles that begin Spanish, Catalan and Galician place names ("La Cuesta", "L'Escala",
 * "Sa Pobla", "O Bolo"): the Catastro writes them after the name in parentheses ("CUESTA (LA)",
 * "ESCALA (L')", "POBLA (SA)", "BOLO (O)"). Basque names carry theirs as a suffix, not a word.
 */
const NAME_ARTICLES = ['LA', 'EL', 'LOS', 'LAS', "L'", 'ELS', 'ES', 'SES', 'SA', 'O', 'A', 'OS', 'AS'] as const;
const FOLDED_ARTICLES = new Set(NAME_ARTICLES.map(fold));

/** True when the text is one of the NAME_ARTICLES, as typed ("la", "L’", "Els"). */
export const isNameArticle = (text: string) => FOLDED_ARTICLES.has(fold(text));

const TRAILING_ARTICLE = /^(.*\S)\s*\(([^()]+)\)$/;

/** A name with its article in front, as people write it: "CUESTA (LA)" → "LA CUESTA", "ESCALA (L')" → "L'ESCALA"; other names as given. */
export function articleFirst(name: string): string {
  const found = TRAILING_ARTICLE.exec(name.trim());
  if (!found || !isNameArticle(found[2])) return name;
  const article = found[2].trim();
  return /['’]$/.test(article) ? `${article}${found[1]}` : `${article} ${found[1]}`;
}

/** Street types and articles as the shared address reader asks for them. */
export const SPANISH_ADDRESS: AddressGrammar = { streetTypeOf, isArticle: isNameArticle };

/**
 * Articles and prepositions dropped when comparing Spanish names: the Catastro writes them after
 * the name ("ESTACION DE LA", "NARDOS LOS", "CUESTA (LA)") while people write them before
 * ("Avenida de la Estación", "La Cuesta"). `SAN`/`SANTA` stay when they are the whole name.
 */
const SPANISH_STOP_WORDS = new Set([...FOLDED_ARTICLES, 'DE', 'DEL', 'Y', 'D', 'AL', 'SAN', 'SANTA']);

export const SPANISH_NAMES: NameRules = nameRules(SPANISH_STOP_WORDS);

/** The same Spanish name: the same significant words, whatever their order ("ESTACION DE LA" and "de la Estación"). */
export function sameSpanishName(a: string, b: string): boolean {
  const x = SPANISH_NAMES.tokens(a);
  const y = SPANISH_NAMES.tokens(b);
  return x.length === y.length && x.every((w) => y.includes(w));
}

/**
 * The words that name Spanish rustic land by its numbers ("Polígono 5, Parcela 23"), folded, the
 * longest first: the full word and the abbreviations people type ("pol. 5 parc. 23", "pol 5 par
 * 23"). POLIGONO is a street type too (an industrial estate, "Polígono Industrial El Cerro"): it
 * names rustic land only when a number and the parcela follow it.
 */
export const RUSTIC_WORDS = {
  poligono: ['POLIGONO', 'POLIG', 'POL'],
  parcela: ['PARCELA', 'PARC', 'PAR'],
} as const;
