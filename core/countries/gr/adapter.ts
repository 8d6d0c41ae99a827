import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { arcgisUrls } from '../arcgis/arcgis-layer.js';
import { GeoJsonParcelSource, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { GR_REFERENCE_HINT, parseGreekReference } from './reference.js';

export interface GrSourcesConfig {
  /** Hellenic Cadastre parcels, ArcGIS Online feature layer (its INSPIRE path answers 404). */
  cpLayerUrl: string;
  /** Open geocoder for addresses, asked in Greek (Greek script accepted and answered). */
  geocoderUrl: string;
}

export const DEFAULT_GR_SOURCES: GrSourcesConfig = {
  cpLayerUrl: 'https://services-eu1.arcgis.com/40tFGWzosjaLJpmn/arcgis/rest/services/GEOTEMAXIA_LEITOURGOUN_ON_gdb/FeatureServer/0',
  geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const GR_SOURCES_ENV: Record<keyof GrSourcesConfig, string> = { cpLayerUrl: 'CATASTRO_GR_CP_LAYER_URL', geocoderUrl: 'CATASTRO_GR_GEOCODER_URL' };

export const GR_CADASTRE_ATTRIBUTION = 'Ελληνικό Κτηματολόγιο (Hellenic Cadastre) – parcels by KAEK';

/** SOURCES.md 15: ArcGIS layer with `outSR=4326`; the KAEK field name (`KAEK`) is UNCERTAIN there. */
export function greekParcels(layerUrl: string): GeoJsonParcelProfile {
  return {
    country: 'GR',
    source: 'Hellenic Cadastre parcel layer (ArcGIS)',
    ...arcgisUrls({ url: layerUrl, referenceField: 'KAEK' }),
    referenceOf: (p) => parseGreekReference(textOf(p.KAEK) ?? ''),
  };
}

export class GreeceAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_GR_SOURCES, config);
    super({
      code: 'GR',
      name: 'Greece',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [19.3, 34.8, 29.7, 41.8],
      outlineId: '300',
      statusPoint: [23.7275, 37.9838],
      attribution: GR_CADASTRE_ATTRIBUTION,
      referenceHint: GR_REFERENCE_HINT,
      parseReference: parseGreekReference,
      live: new GeoJsonParcelSource(greekParcels(sources.cpLayerUrl)),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'el' };
  }

  /** Spec: Greek references only with `?country=GR` (12 bare digits are never detected). */
  override matchesReference(): boolean {
    return false;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Αθήνα')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
