import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { askedAddress } from '../national/address-match.js';
import { fetchText } from '../national/fetch-text.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { CZ_REFERENCE_HINT, CZ_REFERENCE_SHAPE, parseCzechReference, splitCzechReference } from './reference.js';
import { RUIAN_ATTRIBUTION, RUIAN_SOURCE, parseRuianFind, ruianFindUrl } from './ruian-geocoder.js';

export interface CzSourcesConfig {
  /** ČÚZK INSPIRE Cadastral Parcels WFS. */
  cpWfsUrl: string;
  /** ČÚZK geocoder over RÚIAN (ArcGIS GeocodeSOE extension): `<base>/find?text=…`. */
  geocoderUrl: string;
}

export const DEFAULT_CZ_SOURCES: CzSourcesConfig = {
  cpWfsUrl: 'https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp',
  geocoderUrl: 'https://ags.cuzk.cz/arcgis/rest/services/RUIAN/Vyhledavaci_sluzba_nad_daty_RUIAN/MapServer/exts/GeocodeSOE',
};
export const CZ_SOURCES_ENV: Record<keyof CzSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_CZ_CP_WFS_URL', geocoderUrl: 'CATASTRO_CZ_GEOCODER_URL' };

export const CZ_CADASTRE_ATTRIBUTION = 'ČÚZK – Katastr nemovitostí, INSPIRE Cadastral Parcels (CC BY 4.0)';

/**
 * ČÚZK's INSPIRE CP WFS (SOURCES.md 7 and 15): answers in S-JTSK / Krovak (EPSG:5514, east and
 * north negative), BBOX in the same CRS; one parcel by the stored query GetParcel with the
 * katastrální území and the parcel number as written on the map (`st. 542` for building
 * parcels: UNCERTAIN). nationalCadastralReference is `<k.ú.>-<number>`.
 */
export const CZ_PROFILE: InspireWfsProfile = {
  country: 'CZ',
  source: 'ČÚZK INSPIRE CP WFS',
  typeName: 'cp:CadastralParcel',
  srsEpsg: 5514,
  bboxEpsg: 5514,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseCzechReference(ids.nationalRef ?? ''),
  byReference(ref) {
    const { ku, building, number } = splitCzechReference(ref);
    return { STOREDQUERY_ID: 'GetParcel', UPPER_ZONING_ID: ku, TEXT: building ? `st. ${number}` : number };
  },
};

/** Czechia: parcels from ČÚZK's INSPIRE CP WFS (the INSPIRE family), addresses from ČÚZK's RÚIAN geocoder. */
export class CzechiaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_CZ_SOURCES, config);
    super({
      code: 'CZ',
      name: 'Czechia',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [12.09, 48.55, 18.86, 51.06],
      outlineId: '203',
      attribution: CZ_CADASTRE_ATTRIBUTION,
      referenceHint: CZ_REFERENCE_HINT,
      parseReference: parseCzechReference,
      referenceShape: CZ_REFERENCE_SHAPE,
      live: new InspireWfsSource(sources.cpWfsUrl, CZ_PROFILE, 'ČÚZK answers parcels by reference through its GetParcel stored query.'),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  /** RÚIAN addresses, each becoming the parcel under its point; the number matches its č.p. or its č.o. */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const url = ruianFindUrl(this.geocoderUrl, request.address.texto, Math.max(request.limit * 2, 10));
    const found = parseRuianFind(await fetchText(url, RUIAN_SOURCE, ctx, 'application/json'));
    const asked = askedAddress(request).numero;
    const geocoded = found.map((a) => ({
      direccion: a.label, point: a.point, postcode: a.postcode, municipio: a.municipality, score: a.score,
      numero: asked !== undefined && a.numbers.includes(asked) ? asked : a.numbers[0],
    }));
    return nationalAddressCandidates(this, request, geocoded, RUIAN_ATTRIBUTION, ctx);
  }
}
