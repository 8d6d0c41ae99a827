import { isServiceError, notFound, refusalData, unavailable, validationError, type NamedPlace, type OfflineArea } from '../../../model/index.js';
import type { Awaitable } from '../../../model/awaitable.js';
import { byName, spanishOfflineAreas } from '../place-names.js';
import type { CartoCiudadClient, GeocoderCandidate } from './cartociudad.js';
import { sameSpanishName } from './grammar.js';

export interface MunicipalityProvinceDeps {
  /** The copy's offline areas (`CadastralStore.listOfflineAreas`). */
  offlineAreas?: () => Awaitable<OfflineArea[]>;
  geocoder: Pick<CartoCiudadClient, 'municipalities'>;
}

/** A province by its 2-digit code, and its name where the source wrote one. */
export interface ProvinceOfMunicipality {
  code: string;
  name?: string;
}

const example = (municipio: string, province = 'Madrid') => `e.g. 'Calle Mayor 5, ${municipio} (${province})' or 'Calle Mayor 5, ${municipio}, 28970'`;

/** The geocoder's municipalities of that very name, one per municipality (INE code). */
function sameNamed(found: GeocoderCandidate[], municipio: string): Required<Pick<GeocoderCandidate, 'muni' | 'muniCode' | 'province' | 'provinceCode'>>[] {
  const places = found
    .map((c) => ({ muni: c.muni ?? c.address, muniCode: c.muniCode ?? '', province: c.province ?? '', provinceCode: c.provinceCode?.padStart(2, '0') ?? '' }))
    .filter((c) => /^[0-9]{2}$/.test(c.provinceCode) && sameSpanishName(c.muni, municipio));
  return [...new Map(places.map((c) => [c.muniCode || `${c.provinceCode}|${c.muni}`, c])).values()];
}

/**
 * The province of a municipality named without one (endpoint 5, `street, number, municipality`).
 * The copy's offline areas first, with no network: one downloaded municipality of that whole name
 * decides (the rustic lookup's rule, place-names.ts). Else the national geocoder, asked for
 * municipalities only: one of that name answers its province; several are 400 naming them
 * (`data.candidates`, reason MUNICIPALITY_NAME_AMBIGUOUS); none, 404; the geocoder unreachable,
 * 503 saying that the province or the postcode in the text needs no lookup.
 */
export async function provinceOfMunicipality(municipio: string, deps: MunicipalityProvinceDeps, signal?: AbortSignal): Promise<ProvinceOfMunicipality> {
  const areas = (await spanishOfflineAreas(deps.offlineAreas)).filter((area) => area.name);
  const offline = byName(
    areas.map((area) => ({ name: area.name!, code: area.code, province: area.province })),
    municipio,
    true,
  );
  // The area's code starts with its Catastro delegation, the province's INE code but in Vigo (54 for 36): its province's name decides first.
  if (offline.length === 1) return { code: offline[0].code.slice(0, 2), name: offline[0].province };

  let found: GeocoderCandidate[];
  try {
    found = await deps.geocoder.municipalities(municipio, signal);
  } catch (error) {
    if (!isServiceError(error) || error.code !== 'SERVICE_UNAVAILABLE') throw error;
    throw unavailable(
      `Cannot tell the province of '${municipio}': the national geocoder (CartoCiudad) that finds it is unavailable (${error.message}). Add the province or the postcode to skip this lookup, ${example(municipio)}.`,
    );
  }
  const places = sameNamed(found, municipio);
  if (places.length === 1) return { code: places[0].provinceCode, name: places[0].province };
  if (places.length === 0) throw notFound(`Municipality '${municipio}' does not exist.`);
  const candidates: NamedPlace[] = places.map((p) => ({ code: p.muniCode, name: p.muni, province: p.province }));
  throw validationError(
    `'${municipio}' names ${places.length} municipalities: ${candidates.map((c) => `${c.name} (${c.province})`).join(', ')}: add the province or the postcode, ${example(municipio, places[0].province)}.`,
    refusalData('MUNICIPALITY_NAME_AMBIGUOUS', { name: municipio, candidates, total: candidates.length }),
  );
}
