import type { ReferenceShape } from '../reference-shape.js';
import { SPANISH_RUSTIC_REFERENCE, validationError, type LandClass, type RusticParcelQuery } from '../../model/index.js';

/**
 * Spanish cadastral references (SOURCES.md 1.6): a 14-character finca reference, or 20
 * characters = finca + 4-digit property number + 2 control letters.
 */

/** Letters in the order the control algorithm numbers them (Ñ between N and O). */
const ALPHABET = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
const CONTROL_LETTERS = 'MQWERTYUIOPASDFGHJKLBZX';
const WEIGHTS = [13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1];

export type FincaKind = 'urban' | 'rustic' | 'special';

/** 7-digit block/parcel + 7-character map sheet ending in a letter (e.g. 9398516VK3799G, 000700100UL74F). */
const URBAN = /^[0-9]{7}[0-9A-ZÑ]{6}[A-ZÑ]$/;
const ALPHANUMERIC = /^[0-9A-ZÑ]+$/;

export const SPANISH_REFERENCE_HINT =
  'A Spanish cadastral reference has 14 characters (finca, e.g. 9872023VH5797S or 13077A01800039) ' +
  'or 20 (unit: the 14 + a 4-digit property number + 2 control letters, e.g. 7837301VG8173B0001TT).';

/** The outline of the texts this file's parser accepts, for detection (core/countries/reference-shape.ts): 14 or 20 letters and digits once spaces and dashes are dropped. */
export const ES_REFERENCE_SHAPE: ReferenceShape = { length: [14, 20], chars: /[0-9A-Z]/i };

/** Trim, drop spaces and dashes, upper-case (Ñ stays Ñ). */
export function normalizeSpanishReference(raw: string): string {
  return raw
    .normalize('NFC')
    .trim()
    .replace(/[\s\-‐-―]+/g, '')
    .toUpperCase();
}

/**
 * Spain's urban/rustic rule, the only copy: in a 14-character (or longer) reference the 6th
 * character is a letter for rustic parcels (the sector letter before the polígono) and a digit
 * for urban ones (SOURCES.md 1.6). Shorter texts have no class.
 */
export function landClassOfReference(ref: string): LandClass | undefined {
  if (ref.length < 14) return undefined;
  return /[A-ZÑ]/i.test(ref[5]) ? 'rustic' : 'urban';
}

/** `clase` as the Catastro writes it. */
export const CLASE_OF_LAND_CLASS: Record<LandClass, string> = { urban: 'Urbano', rustic: 'Rústico' };

/** The `clase` a Spanish reference implies (Urbano/Rústico), where the source gave none. */
export function claseOfReference(ref: string): string | undefined {
  const landClass = landClassOfReference(ref);
  return landClass && CLASE_OF_LAND_CLASS[landClass];
}

/** The class of a finca reference by the rule above, or `special` when it has neither class's full shape. */
export function fincaKind(ref14: string): FincaKind {
  const landClass = landClassOfReference(ref14);
  if (landClass === undefined) return 'special';
  return (landClass === 'rustic' ? SPANISH_RUSTIC_REFERENCE : URBAN).test(ref14) ? landClass : 'special';
}

function letterValue(char: string): number {
  if (char >= '0' && char <= '9') return Number(char);
  return ALPHABET.indexOf(char) + 1;
}

function controlLetter(sevenChars: string, propertyNumber: string): string {
  const chars = [...sevenChars, ...propertyNumber];
  const sum = chars.reduce((total, char, i) => total + letterValue(char) * WEIGHTS[i], 0);
  return CONTROL_LETTERS[sum % 23];
}

/** The two control letters of finca `ref14` with property number `car` (4 digits). */
export function controlCharacters(ref14: string, car: string): string {
  return controlLetter(ref14.slice(0, 7), car) + controlLetter(ref14.slice(7, 14), car);
}

/** The full 20-character reference of property `car` of a finca. */
export function unitReference(ref14: string, car: string): string {
  return `${ref14}${car}${controlCharacters(ref14, car)}`;
}

export function hasValidControlCharacters(ref20: string): boolean {
  return ref20.length === 20 && /^[0-9]{4}$/.test(ref20.slice(14, 18)) && controlCharacters(ref20.slice(0, 14), ref20.slice(14, 18)) === ref20.slice(18);
}

/** True when the text (after normalisation) has a Spanish reference shape, control letters included. */
export function isSpanishReference(raw: string): boolean {
  const ref = normalizeSpanishReference(raw);
  if (ref.length === 14) return fincaKind(ref) !== 'special';
  return ref.length === 20 && ALPHANUMERIC.test(ref) && hasValidControlCharacters(ref);
}

/**
 * Canonical form of a Spanish reference, or a 400 VALIDATION_ERROR that says what is wrong
 * (length, the first bad character, the property number, or which control letters were expected).
 */
export function parseSpanishReference(raw: string): string {
  const ref = normalizeSpanishReference(raw);
  const bad = [...ref].findIndex((char) => !ALPHANUMERIC.test(char));
  if (bad >= 0) {
    throw validationError(`Character ${bad + 1} ('${[...ref][bad]}') of reference '${ref}' is not a letter or digit. ${SPANISH_REFERENCE_HINT}`);
  }
  if (ref === '') throw validationError(`Reference '${raw.trim()}' has no letters or digits. ${SPANISH_REFERENCE_HINT}`);
  if (ref.length !== 14 && ref.length !== 20) {
    throw validationError(`Reference '${ref}' has ${ref.length} characters; it needs 14 or 20. ${SPANISH_REFERENCE_HINT}`);
  }
  if (ref.length === 20) {
    const car = ref.slice(14, 18);
    const badDigit = [...car].findIndex((char) => !/[0-9]/.test(char));
    if (badDigit >= 0) {
      throw validationError(
        `Character ${15 + badDigit} of reference '${ref}' must be a digit: characters 15-18 are the 4-digit property number (e.g. 0001). ${SPANISH_REFERENCE_HINT}`,
      );
    }
    const expected = controlCharacters(ref.slice(0, 14), car);
    if (expected !== ref.slice(18)) {
      throw validationError(
        `The control letters of reference '${ref}' do not match: for ${ref.slice(0, 18)} they are '${expected}', not '${ref.slice(18)}'. Check the reference for a typing error.`,
      );
    }
  }
  return ref;
}

/**
 * The place name (paraje) of a rustic address line as the service writes it from the Catastro's
 * `lorus` (address-line.ts rusticLine: `Polígono 4 Parcela 30 LA VEGA`); undefined when the line
 * names none (the INSPIRE download carries no paraje, a live answer or a CAT file may).
 */
export function rusticPlaceName(direccion: string | undefined): string | undefined {
  const name = /^Pol[ií]gono \d+ Parcela \d+ (.+)$/i.exec(direccion?.trim() ?? '')?.[1]?.trim();
  return name || undefined;
}

/** The 14-character reference of polígono/parcela in a municipality (province + municipality code, sector letter). */
export function rusticReference(prefix: { province: string; municipality: string; sector: string }, poligono: number, parcela: number): string | undefined {
  if (!Number.isInteger(poligono) || !Number.isInteger(parcela) || poligono < 1 || poligono > 999 || parcela < 1 || parcela > 99_999) return undefined;
  const ref = `${prefix.province}${prefix.municipality}${prefix.sector}${String(poligono).padStart(3, '0')}${String(parcela).padStart(5, '0')}`;
  return SPANISH_RUSTIC_REFERENCE.test(ref) ? ref : undefined;
}

/**
 * The references polígono/parcela can have in a municipality: one per sector letter (the 6th
 * character, SOURCES.md 1.6), since a farm's spreadsheet names no sector. Most municipalities use
 * A only; one with several sectors can hold the same polígono and parcela under two letters.
 */
export function rusticReferenceCandidates(asked: RusticParcelQuery): string[] {
  const prefix = { province: asked.provincia, municipality: asked.municipio };
  return [...ALPHABET].map((sector) => rusticReference({ ...prefix, sector }, asked.poligono, asked.parcela)).filter((ref): ref is string => ref !== undefined);
}

/**
 * A 20-character reference whose control letters do not match, with the letters they should be
 * (the typing error is most often there or in the property number); undefined when they match or
 * the text is no 20-character reference.
 */
export function controlLetterMismatch(raw: string): { expected: string; typed: string; corrected: string } | undefined {
  const ref = normalizeSpanishReference(raw);
  if (ref.length !== 20 || !ALPHANUMERIC.test(ref) || !/^[0-9]{4}$/.test(ref.slice(14, 18))) return undefined;
  const expected = controlCharacters(ref.slice(0, 14), ref.slice(14, 18));
  const typed = ref.slice(18);
  return expected === typed ? undefined : { expected, typed, corrected: ref.slice(0, 18) + expected };
}

/** The Sede Electrónica del Catastro's map viewer centred on the finca (the official viewer of a Spanish reference). */
export function sedeViewerUrl(ref: string): string {
  return `https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx?refcat=${encodeURIComponent(normalizeSpanishReference(ref).slice(0, 14))}`;
}
