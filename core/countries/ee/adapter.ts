import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, numberOf, textOf } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { EE_REFERENCE_HINT, EE_REFERENCE_SHAPE, parseEstonianReference } from './reference.js';

export interface EeSourcesConfig {
  /** Maa- ja Ruumiamet INSPIRE Cadastral Parcels WFS (GeoServer). */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_EE_SOURCES: EeSourcesConfig = { cpWfsUrl: 'https://inspire.geoportaal.ee/geoserver/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const EE_SOURCES_ENV: Record<keyof EeSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_EE_CP_WFS_URL', geocoderUrl: 'CATASTRO_EE_GEOCODER_URL' };

export const EE_CADASTRE_ATTRIBUTION = 'Maa- ja Ruumiamet (Estonian Land and Spatial Development Board) – katastriüksused, INSPIRE Cadastral Parcels';

/**
 * Estonia: the INSPIRE CP WFS of the Land Board (GeoServer, type `CP_katastriyksused:CP.CadastralParcel`,
 * SOURCES.md 15) asked for GeoJSON in WGS84; one parcel by `nationalcadastralreference` (the
 * client code's CQL filter), the parcel at a point from a small box. No answer of it was recorded:
 * the attribute names read (nationalcadastralreference, areavalue) are the filter's and the INSPIRE
 * model's, lower-cased as GeoServer publishes them (UNCERTAIN).
 */
export class EstoniaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_EE_SOURCES, config);
    const wfs = { base: sources.cpWfsUrl, typeName: 'CP_katastriyksused:CP.CadastralParcel', cqlOf: (ref: string) => `nationalcadastralreference=${cqlText(ref)}` };
    super({
      code: 'EE',
      name: 'Estonia',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [21.7, 57.5, 28.3, 59.8],
      outlineId: '233',
      statusPoint: [24.7453, 59.4372],
      attribution: EE_CADASTRE_ATTRIBUTION,
      referenceHint: EE_REFERENCE_HINT,
      parseReference: parseEstonianReference,
      referenceShape: EE_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource({
        country: 'EE',
        source: 'Maa-amet INSPIRE CP WFS',
        ...geoServerUrls(wfs),
        referenceOf: (p) => parseEstonianReference(textOf(propertyOf(p, 'nationalcadastralreference')) ?? ''),
        areaOf: (p) => numberOf(propertyOf(p, 'areavalue')),
      }),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Tallinn')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
