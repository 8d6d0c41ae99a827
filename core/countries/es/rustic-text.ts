import { readPlace } from '../../address/query.js';
import { articleFirst, RUSTIC_WORDS, SPANISH_ADDRESS, streetTypeOf } from './address/grammar.js';

/** Spanish rustic land as typed: its polígono and parcela, and the municipality and province when named. */
export interface RusticText {
  poligono: number;
  parcela: number;
  municipio?: string;
  provincia?: string;
}

const word = (forms: readonly string[]) => `(?:${forms.join('|')})\\.?`;
/** "Polígono 4 Parcela 30", "pol. 4, parc. 30", "pol 4 / par 30", standing apart from other words. */
const NUMBERS = new RegExp(
  String.raw`(?<![\p{L}\d])${word(RUSTIC_WORDS.poligono)}\s*(\d{1,3})\s*[,;/]?\s*${word(RUSTIC_WORDS.parcela)}\s*(\d{1,5})(?![\p{L}\d])`,
  'iu',
);
/** Between the numbers and the place: punctuation, and "de"/"en" before a place typed after them. */
const EDGES = /^[\s,;:.\-–]+|[\s,;:.\-–]+$/g;
const LINK_WORD = /^(?:de|en)\s+/i;
/** A municipality's or province's name has letters and no digits; a province may be its INE code. */
const PLACE_NAME = /^[^\d]*\p{L}[^\d]*$/u;
const PROVINCE = /^(?:[^\d]*\p{L}[^\d]*|\d{1,2})$/u;

/**
 * "Avenida del" before "Polígono 5, parcela 3": a street's type and more words is an address, not
 * a municipality ("Ronda" alone is one, and "Cuesta (La)" is La Cuesta).
 */
const isStreet = (name: string) => {
  const [first, ...rest] = articleFirst(name).split(/\s+/);
  return rest.length > 0 && streetTypeOf(first.replace(/[/.]$/, '')) !== undefined;
};

/** Letters with their accents off, one for one, so the positions found are the typed text's. */
const foldAccents = (text: string) =>
  text
    .split('')
    .map((c) => c.normalize('NFD')[0] ?? c)
    .join('');

/**
 * Reads a rustic parcel from free text: the polígono and parcela words with their numbers, and
 * optionally the municipality (and its province after a comma or in parentheses) before or after
 * them: "Melque de Cercos polígono 1 parcela 2", "pol 1 par 2, Melque de Cercos (Segovia)",
 * "Polígono 1 Parcela 2 de Melque de Cercos, Segovia", "pol 1 par 2 Cuesta (La) Segovia" (an
 * article in parentheses is the name's, as the Catastro writes it). Undefined when the text is something else:
 * no polígono and parcela, words on both sides, a place with digits ("Nave 3") or a street's
 * name ("Avenida del Polígono 5, parcela 3").
 */
export function parseRusticText(input: string): RusticText | undefined {
  const text = input.normalize('NFC').trim();
  const found = NUMBERS.exec(foldAccents(text));
  if (!found) return undefined;
  const numbers = { poligono: Number(found[1]), parcela: Number(found[2]) };
  const before = text.slice(0, found.index).replace(EDGES, '');
  const after = text
    .slice(found.index + found[0].length)
    .replace(EDGES, '')
    .replace(LINK_WORD, '');
  if (before && after) return undefined;
  const placeText = before || after;
  if (!placeText) return numbers;
  const { municipio, provincia } = readPlace(placeText.split(','), SPANISH_ADDRESS);
  if (!municipio || !PLACE_NAME.test(municipio) || isStreet(municipio) || (provincia !== undefined && !PROVINCE.test(provincia))) return undefined;
  return { ...numbers, municipio, ...(provincia && { provincia }) };
}
