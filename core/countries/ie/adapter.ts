import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { LayersInOrder, arcgisUrls } from '../arcgis/arcgis-layer.js';
import { GeoJsonParcelSource, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { IE_REFERENCE_HINT, parseIrishReference } from './reference.js';

export interface IeSourcesConfig {
  /** Tailte Éireann freehold cadastral parcels, ArcGIS Online feature layer 12. */
  freeholdLayerUrl: string;
  /** Leasehold parcels, layer 13 (asked when the freehold layer has none). */
  leaseholdLayerUrl: string;
  /** Open geocoder for addresses (Eircode's finder is not free). */
  geocoderUrl: string;
}

const ARCGIS_ONLINE = 'https://services-eu1.arcgis.com/FH5XCsx8rYXqnjF5/ArcGIS/rest/services';
export const DEFAULT_IE_SOURCES: IeSourcesConfig = {
  freeholdLayerUrl: `${ARCGIS_ONLINE}/Cadastral_Parcels_Freehold/FeatureServer/12`,
  leaseholdLayerUrl: `${ARCGIS_ONLINE}/Cadastral_Parcels_Leasehold/FeatureServer/13`,
  geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const IE_SOURCES_ENV: Record<keyof IeSourcesConfig, string> = {
  freeholdLayerUrl: 'CATASTRO_IE_FREEHOLD_LAYER_URL',
  leaseholdLayerUrl: 'CATASTRO_IE_LEASEHOLD_LAYER_URL',
  geocoderUrl: 'CATASTRO_IE_GEOCODER_URL',
};

export const IE_CADASTRE_ATTRIBUTION = 'Tailte Éireann – Cadastral Parcels (registered titles, freehold and leasehold)';

/** SOURCES.md 15: numeric `SP_ID` on each layer; the layers are title-based (unregistered land and roads are empty). */
export function irishPlots(layerUrl: string, tenure: string): GeoJsonParcelProfile {
  return {
    country: 'IE',
    source: `Tailte Éireann cadastral parcels, ${tenure} (ArcGIS)`,
    ...arcgisUrls({ url: layerUrl, referenceField: 'SP_ID', numericReference: true }),
    referenceOf: (p) => parseIrishReference(textOf(p.SP_ID) ?? ''),
  };
}

/**
 * Ireland (partial, as the spec says): only registered titles have parcels, so points and
 * addresses on unregistered land find none (404); references only with `?country=IE`. The
 * county of an address comes from the geocoder (`provincia`).
 */
export class IrelandAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_IE_SOURCES, config);
    super({
      code: 'IE',
      name: 'Ireland',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [-10.7, 51.4, -5.9, 55.45],
      outlineId: '372',
      statusPoint: [-6.2603, 53.3498],
      attribution: IE_CADASTRE_ATTRIBUTION,
      referenceHint: IE_REFERENCE_HINT,
      parseReference: parseIrishReference,
      live: new LayersInOrder([
        new GeoJsonParcelSource(irishPlots(sources.freeholdLayerUrl, 'freehold')),
        new GeoJsonParcelSource(irishPlots(sources.leaseholdLayerUrl, 'leasehold')),
      ]),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'en' };
  }

  /** Spec: Irish references only with `?country=` and the numeric plot id. */
  override matchesReference(): boolean {
    return false;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Dublin')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
