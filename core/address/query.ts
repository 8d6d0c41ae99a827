import { validationError, type AddressQuery } from '../model/index.js';

/**
 * A street type of a country's grammar: its register's code, the full word, the abbreviations
 * people type (Spain's: core/countries/es/address/grammar.ts).
 */
export interface StreetType {
  code: string;
  name: string;
  abbreviations: string[];
}

/**
 * What a country's address grammar tells the shared reader: which typed words are street types,
 * and which are articles a register writes in parentheses after a place's name ("CUESTA (LA)"),
 * so that "(La)" is read as the name's and not as a province.
 */
export interface AddressGrammar {
  streetTypeOf(word: string): StreetType | undefined;
  isArticle(word: string): boolean;
}

/** No street types, no articles: the reading of a country without a grammar of its own (its geocoder reads the text). */
export const PLAIN_ADDRESS: AddressGrammar = { streetTypeOf: () => undefined, isArticle: () => false };

/** An address as understood from free text ("street and number, municipality, postcode"). */
export interface ParsedAddress {
  /** The text as given. */
  texto: string;
  streetType?: StreetType;
  /** Street name without its type, as typed ("Fuenlabrada"). */
  nombreVia: string;
  /** Type (full word) and name, e.g. "AVENIDA Fuenlabrada"; the name alone when no type was given. */
  calle: string;
  numero?: number;
  /** Letter after the number ("21 B", "21B"). */
  extension?: string;
  municipio?: string;
  provincia?: string;
  codigoPostal?: string;
}

/** Five-digit postcodes (ES, FR, IT, DE…) are read from the text; other formats come in the query's own `postcode`. */
const FIVE_DIGIT_POSTCODE = /^\d{5}$/;
// Number at the end of the street part: "Mayor 5", "Mayor, nº 5", "Mayor5" (attached), "Mayor 5B".
const TRAILING_NUMBER = /^(.*?)(?:\s*,?\s*(?:N[ºO°]\.?|NUM\.?|NUMERO|NÚMERO)?\s*)(\d{1,5})\s*([A-Za-zÑñ])?$/i;
const NO_NUMBER = /\s*,?\s*(S\/N|SN|SIN N[UÚ]MERO)$/i;

function splitStreetAndNumber(part: string, grammar: AddressGrammar): { street: string; numero?: number; extension?: string } {
  const withoutSn = part.replace(NO_NUMBER, '');
  const match = TRAILING_NUMBER.exec(withoutSn);
  const before = match?.[1].trim() ?? '';
  // A street that is only digits after its type ("Calle 5") keeps them as its name.
  const onlyAType = before.split(/\s+/).length === 1 && grammar.streetTypeOf(before.replace(/[/.]$/, '')) !== undefined;
  if (!match || before === '' || onlyAType) return { street: withoutSn.trim() };
  return { street: match[1].trim(), numero: Number(match[2]), extension: match[3]?.toUpperCase() };
}

function splitType(street: string, grammar: AddressGrammar): { streetType?: StreetType; nombreVia: string } {
  // "C/Mayor", "Avda.Fuenlabrada": a type glued to the name by "/" or "."
  const spaced = street.replace(/^([A-Za-zºª]{1,6})[/.](?=\S)/, '$1/ ').trim();
  const [first, ...rest] = spaced.split(/\s+/);
  const type = rest.length > 0 ? grammar.streetTypeOf(first.replace(/[/.]$/, '')) : undefined;
  if (!type) return { nombreVia: street.replace(/^[/.\s]+/, '').trim() };
  return {
    streetType: type,
    nombreVia: rest
      .join(' ')
      .replace(/^[/.\s]+/, '')
      .trim(),
  };
}

/**
 * Reads "street and number, municipality, postcode" (any order after the street; postcode may
 * sit beside the municipality), with the street types of the country's `grammar`.
 */
export function parseAddressText(text: string, grammar: AddressGrammar = PLAIN_ADDRESS): ParsedAddress {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const streetPart = parts.shift() ?? '';
  const split = splitStreetAndNumber(streetPart, grammar);
  const { street } = split;
  let { numero, extension } = split;
  // "Calle Mayor, 5, Madrid": the number as its own part.
  if (numero === undefined && parts[0] && /^(N[ºO°]\.?\s*)?\d{1,5}\s*[A-Za-z]?$/i.test(parts[0])) {
    const m = /(\d{1,5})\s*([A-Za-z])?$/.exec(parts.shift()!)!;
    numero = Number(m[1]);
    extension = m[2]?.toUpperCase();
  }
  const { municipio, provincia, codigoPostal } = readPlace(parts, grammar);
  const { streetType, nombreVia } = splitType(street, grammar);
  return {
    texto: text,
    streetType,
    nombreVia,
    calle: streetType ? `${streetType.name} ${nombreVia}` : nombreVia,
    numero,
    extension,
    municipio,
    provincia,
    codigoPostal,
  };
}

/** Where an address or a parcel lies, as typed after it. */
export interface TypedPlace {
  municipio?: string;
  provincia?: string;
  codigoPostal?: string;
}

/** "Cuesta (La) Segovia": a name ends at its article in parentheses, and what follows is a part of its own. */
function splitAfterArticle(part: string, grammar: AddressGrammar): string[] {
  const article = /\(([^()]+)\)/.exec(part);
  if (!article || !grammar.isArticle(article[1])) return [part];
  const end = article.index + article[0].length;
  return [part.slice(0, end), part.slice(end)];
}

/**
 * Reads the comma-separated parts that name a place: "municipality (province)", "municipality,
 * province", a postcode before, after or beside the municipality. The first name is the
 * municipality, the next (or one in parentheses) the province; an article of the `grammar` in
 * parentheses is the name's ("Cuesta (La) (Segovia)", "Cuesta (La), Segovia").
 */
export function readPlace(parts: string[], grammar: AddressGrammar = PLAIN_ADDRESS): TypedPlace {
  let municipio: string | undefined;
  let provincia: string | undefined;
  let codigoPostal: string | undefined;
  for (const raw of parts
    .flatMap((p) => splitAfterArticle(p, grammar))
    .map((p) => p.trim())
    .filter(Boolean)) {
    let part = raw;
    const province = /\(([^)]+)\)\s*$/.exec(part);
    if (province && !grammar.isArticle(province[1])) {
      provincia ??= province[1].trim();
      part = part.slice(0, province.index).trim();
    }
    const leading = /^(\d{5})\s+(.+)$/.exec(part);
    const trailing = /^(.+?)\s+(\d{5})$/.exec(part);
    if (FIVE_DIGIT_POSTCODE.test(part)) codigoPostal ??= part;
    else if (leading) {
      codigoPostal ??= leading[1];
      part = leading[2];
    } else if (trailing) {
      codigoPostal ??= trailing[2];
      part = trailing[1];
    }
    if (FIVE_DIGIT_POSTCODE.test(part) || part === '') continue;
    if (municipio === undefined) municipio = part;
    else provincia ??= part;
  }
  return { municipio, provincia, codigoPostal };
}

/**
 * The address of a checked endpoint-1 query: `q` read as free text, with `street`, `number`,
 * `municipality` and `postcode` overriding what `q` says. 400 when no street is left.
 */
export function addressOfQuery(query: AddressQuery, grammar: AddressGrammar = PLAIN_ADDRESS): ParsedAddress {
  const { q, street, number, municipality, postcode } = query;
  const fromQ = parseAddressText(q ?? street ?? '', grammar);
  const fromStreet = street !== undefined ? parseAddressText(street, grammar) : undefined;
  const address: ParsedAddress = {
    ...fromQ,
    ...(fromStreet && { streetType: fromStreet.streetType, nombreVia: fromStreet.nombreVia, calle: fromStreet.calle }),
    numero: number ?? fromStreet?.numero ?? fromQ.numero,
    extension: number !== undefined ? undefined : (fromStreet?.extension ?? fromQ.extension),
    municipio: municipality ?? fromQ.municipio,
    codigoPostal: postcode ?? fromQ.codigoPostal,
    texto: q ?? [street, number, municipality, postcode].filter((p) => p !== undefined).join(', '),
  };
  if (address.nombreVia === '')
    throw validationError(`No street found in '${address.texto.slice(0, 60)}'; write the street first, then the number and the municipality.`);
  return address;
}
