import { notFound, validationError, type AddressParseResult } from '../../../model/index.js';
import type { CallejeroClient, Municipality, Province, Street } from './callejero.js';
import { municipalityMatches } from '../../../address/confianza.js';
import { fold } from '../../../address/normalize.js';
import { parseAddressText, type ParsedAddress } from '../../../address/query.js';
import { SPANISH_ADDRESS, SPANISH_NAMES } from './grammar.js';

const nameTokens = SPANISH_NAMES.tokens;

export interface AddressParseDeps {
  callejero: Pick<CallejeroClient, 'provinces' | 'municipalities' | 'streets' | 'numbers'>;
}

const sameName = (a: string, b: string) => {
  const x = nameTokens(a);
  const y = nameTokens(b);
  return x.length === y.length && x.every((w) => y.includes(w));
};

async function resolveProvince(address: ParsedAddress, deps: AddressParseDeps, signal?: AbortSignal): Promise<Province> {
  const { items } = await deps.callejero.provinces(signal);
  if (address.provincia) {
    const found = items.find((p) => sameName(p.name, address.provincia!));
    if (!found) throw notFound(`Province '${address.provincia}' does not exist.`);
    return found;
  }
  if (address.codigoPostal) {
    // The first two digits of a Spanish postcode are the INE province code.
    const found = items.find((p) => p.code === address.codigoPostal!.slice(0, 2));
    if (!found) throw notFound(`No province has postcodes starting ${address.codigoPostal.slice(0, 2)}.`);
    return found;
  }
  const sameAsMunicipality = items.find((p) => sameName(p.name, address.municipio!));
  if (sameAsMunicipality) return sameAsMunicipality;
  throw validationError(`Cannot tell the province of '${address.municipio}': add the postcode or the province, e.g. 'Calle Mayor 5, ${address.municipio}, 28970' or '… (Madrid)'.`);
}

function pickMunicipality(items: Municipality[], given: string): Municipality | undefined {
  // The directory matches partially ("MADRID" finds "HUMANES DE MADRID"): keep only the same
  // name, or an official name that begins with the given words ("Humanes").
  return items.find((m) => fold(m.name) === fold(given))
    ?? items.find((m) => sameName(m.name, given))
    ?? items.find((m) => municipalityMatches(m.name, given, SPANISH_NAMES));
}

function pickStreet(items: Street[], address: ParsedAddress): Street | undefined {
  const typed = address.streetType?.code;
  const named = items.filter((s) => sameName(s.name, address.nombreVia));
  return named.find((s) => !typed || s.type === typed) ?? named[0];
}

/**
 * Endpoint 5, Spanish free text → cadastral reference through the Catastro street directory:
 * ConsultaProvincia (province from the text, the postcode, or a municipality that is also a
 * province) → ConsultaMunicipio → ConsultaVia → ConsultaNumero. 400 for a missing field or an
 * address without number or municipality; 404 when the province, municipality, street or
 * number does not exist.
 */
export async function parseAddress(direccion: string, deps: AddressParseDeps, signal?: AbortSignal): Promise<AddressParseResult> {
  const address = parseAddressText(direccion, SPANISH_ADDRESS);
  if (address.nombreVia === '') throw validationError("No street found in 'direccion'; write the street first, e.g. 'Calle Mayor 5, Madrid'.");
  if (address.numero === undefined) throw validationError("'direccion' needs a house number, e.g. 'Calle Mayor 5, Madrid'.");
  if (!address.municipio) throw validationError("'direccion' needs the municipality after the street, e.g. 'Calle Mayor 5, Madrid'.");

  const province = await resolveProvince(address, deps, signal);
  const municipalities = await deps.callejero.municipalities(province.name, address.municipio, signal);
  const municipality = pickMunicipality(municipalities.items, address.municipio);
  if (!municipality) throw notFound(`Municipality '${address.municipio}' does not exist in ${province.name}.`);

  // The directory matches names partially and writes articles after the name ("ESTACION DE
  // LA"): ask with the longest significant word, then keep only the same name.
  const keyword = [...nameTokens(address.nombreVia)].sort((a, b) => b.length - a.length)[0] ?? address.nombreVia;
  const streets = await deps.callejero.streets(province.name, municipality.name, address.streetType?.code ?? '', keyword, signal);
  const street = pickStreet(streets.items, address);
  if (!street) throw notFound(`Street '${address.calle}' does not exist in ${municipality.name}.`);

  const numbers = await deps.callejero.numbers(province.name, municipality.name, street.type, street.name, address.numero, signal);
  const match = numbers.items.find((n) => Number.parseInt(n.number, 10) === address.numero && /^[0-9A-ZÑ]{14}$/.test(n.ref14));
  if (!match) throw notFound(`Number ${address.numero} does not exist on ${street.type} ${street.name} (${municipality.name}).`);

  return {
    referenciaCatastral: match.ref14,
    refCat14: match.ref14,
    direccion: `${street.type} ${street.name} ${address.numero}, ${municipality.name} (${province.name})`,
    tipoVia: street.type,
    nombreVia: street.name,
    numero: address.numero,
    municipio: municipality.name,
    provincia: province.name,
  };
}
