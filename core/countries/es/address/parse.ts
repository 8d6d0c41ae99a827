import { SPANISH_FINCA_REFERENCE, notFound, validationError, type AddressParseResult } from '../../../model/index.js';
import { FORAL_HINT, foralOfProvince, foralProvinceCodeOfName } from '../../foral/territory-of-reference.js';
import type { CallejeroClient, Municipality, Province, Street } from './callejero.js';
import { municipalityMatches } from '../../../address/confianza.js';
import { fold } from '../../../address/normalize.js';
import { parseAddressText, type ParsedAddress } from '../../../address/query.js';
import { SPANISH_ADDRESS, SPANISH_NAMES, sameSpanishName as sameName } from './grammar.js';
import { provinceOfMunicipality, type MunicipalityProvinceDeps } from './province-of-municipality.js';

const nameTokens = SPANISH_NAMES.tokens;

export interface AddressParseDeps extends MunicipalityProvinceDeps {
  callejero: Pick<CallejeroClient, 'provinces' | 'municipalities' | 'streets' | 'numbers'>;
}

/**
 * 404 for a province of the Basque Country or Navarre (INE code), as a foral reference asked under
 * ES is (spec item 8): the Catastro's street directory holds none of their streets; the message
 * says where their addresses are found.
 */
function requireCatastroProvince(code: string | undefined, named: string): void {
  const foral = foralOfProvince(code);
  if (foral) {
    throw notFound(
      `${named} is in ${foral === 'NA' ? 'Navarre' : 'the Basque Country'}, whose addresses the Catastro's street directory does not hold: its foral cadastre does. Search the address with the address candidates (country=ES gives the foral reference), then ask for the parcel with country=${foral}. ${FORAL_HINT[foral]}`,
    );
  }
}

async function resolveProvince(address: ParsedAddress, deps: AddressParseDeps, signal?: AbortSignal): Promise<Province> {
  if (address.provincia) {
    requireCatastroProvince(foralProvinceCodeOfName(address.provincia), `Province '${address.provincia}'`);
    const { items } = await deps.callejero.provinces(signal);
    const found = items.find((p) => sameName(p.name, address.provincia!));
    if (!found) throw notFound(`Province '${address.provincia}' does not exist.`);
    return found;
  }
  if (address.codigoPostal) {
    // The first two digits of a Spanish postcode are the INE province code.
    const code = address.codigoPostal.slice(0, 2);
    requireCatastroProvince(code, `Postcode ${address.codigoPostal}`);
    const { items } = await deps.callejero.provinces(signal);
    const found = items.find((p) => p.code === code);
    if (!found) throw notFound(`No province has postcodes starting ${code}.`);
    return found;
  }
  const { items } = await deps.callejero.provinces(signal);
  const sameAsMunicipality = items.find((p) => sameName(p.name, address.municipio!));
  if (sameAsMunicipality) return sameAsMunicipality;
  const province = await provinceOfMunicipality(address.municipio!, deps, signal);
  requireCatastroProvince(province.code, `Municipality '${address.municipio}'`);
  // By name first: a downloaded area's code starts with its Catastro delegation, not always the province's code.
  const found = (province.name && items.find((p) => sameName(p.name, province.name!))) || items.find((p) => p.code === province.code);
  if (!found)
    throw notFound(
      `Municipality '${address.municipio}' is in province ${province.name ?? province.code}, which the Catastro's list of provinces does not hold.`,
    );
  return found;
}

function pickMunicipality(items: Municipality[], given: string): Municipality | undefined {
  // The directory matches partially ("MADRID" finds "HUMANES DE MADRID"): keep only the same
  // name, or an official name that begins with the given words ("Humanes").
  return (
    items.find((m) => fold(m.name) === fold(given)) ??
    items.find((m) => sameName(m.name, given)) ??
    items.find((m) => municipalityMatches(m.name, given, SPANISH_NAMES))
  );
}

function pickStreet(items: Street[], address: ParsedAddress): Street | undefined {
  const typed = address.streetType?.code;
  const named = items.filter((s) => sameName(s.name, address.nombreVia));
  return named.find((s) => !typed || s.type === typed) ?? named[0];
}

/**
 * Endpoint 5, Spanish free text → cadastral reference through the Catastro street directory:
 * ConsultaProvincia (province from the text, the postcode, a municipality that is also a
 * province, else the municipality's own: province-of-municipality.ts) → ConsultaMunicipio →
 * ConsultaVia → ConsultaNumero. 400 for a missing field, an address without number or
 * municipality, or a municipality name several provinces hold; 404 when the province,
 * municipality, street or number does not exist, and in the Basque Country and Navarre.
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
  const match = numbers.items.find((n) => Number.parseInt(n.number, 10) === address.numero && SPANISH_FINCA_REFERENCE.test(n.ref14));
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
