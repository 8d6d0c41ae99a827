import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, numberOf, textOf } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { LT_REFERENCE_HINT, LT_REFERENCE_SHAPE, parseLithuanianReference } from './reference.js';

export interface LtSourcesConfig {
  /** Lithuanian INSPIRE Cadastral Parcels WFS (GeoServer). */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_LT_SOURCES: LtSourcesConfig = { cpWfsUrl: 'https://www.inspire-geoportal.lt/geoserver/cp/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const LT_SOURCES_ENV: Record<keyof LtSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_LT_CP_WFS_URL', geocoderUrl: 'CATASTRO_LT_GEOCODER_URL' };

export const LT_CADASTRE_ATTRIBUTION = 'Nacionalinė žemės tarnyba / VĮ Registrų centras – Nekilnojamojo turto kadastras, INSPIRE Cadastral Parcels';

/**
 * Lithuania: the INSPIRE CP WFS of the Lithuanian geoportal (GeoServer, `cp:CP.CadastralParcel`,
 * SOURCES.md 15) asked for GeoJSON in WGS84; one parcel by its kadastro Nr in `label` (the client
 * code's CQL filter), the parcel at a point from a small box. No answer of it was recorded: the
 * attributes read (label, areavalue) are the filter's and the INSPIRE model's (UNCERTAIN).
 */
export class LithuaniaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_LT_SOURCES, config);
    const wfs = { base: sources.cpWfsUrl, typeName: 'cp:CP.CadastralParcel', cqlOf: (ref: string) => `label=${cqlText(ref)}` };
    super({
      code: 'LT',
      name: 'Lithuania',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [20.9, 53.85, 26.9, 56.5],
      outlineId: '440',
      statusPoint: [25.2797, 54.6872],
      attribution: LT_CADASTRE_ATTRIBUTION,
      referenceHint: LT_REFERENCE_HINT,
      parseReference: parseLithuanianReference,
      referenceShape: LT_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource({
        country: 'LT',
        source: 'Lithuania INSPIRE CP WFS',
        ...geoServerUrls(wfs),
        referenceOf: (p) => parseLithuanianReference(textOf(propertyOf(p, 'label')) ?? ''),
        areaOf: (p) => numberOf(propertyOf(p, 'areavalue')),
      }),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Vilnius')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
