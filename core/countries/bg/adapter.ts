import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { arcgisUrls } from '../arcgis/arcgis-layer.js';
import { GeoJsonParcelSource, numberOf, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { BG_REFERENCE_HINT, BG_REFERENCE_SHAPE, parseBulgarianReference } from './reference.js';

export interface BgSourcesConfig {
  /** AGKK's INSPIRE Cadastral Parcel layer on ArcGIS Server (its WFS extension is disabled). */
  cpLayerUrl: string;
  /** Open geocoder for addresses, asked in Bulgarian (Cyrillic accepted and answered). */
  geocoderUrl: string;
}

export const DEFAULT_BG_SOURCES: BgSourcesConfig = {
  cpLayerUrl: 'https://inspire.cadastre.bg/arcgis/rest/services/Cadastral_Parcel/MapServer/0',
  geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const BG_SOURCES_ENV: Record<keyof BgSourcesConfig, string> = { cpLayerUrl: 'CATASTRO_BG_CP_LAYER_URL', geocoderUrl: 'CATASTRO_BG_GEOCODER_URL' };

export const BG_CADASTRE_ATTRIBUTION = 'Агенция по геодезия, картография и кадастър (АГКК) – INSPIRE Cadastral Parcels';

/** SOURCES.md 15: layer 0 `CP.CadastralParcel`, `where=nationalcadastralref='…'`, areas in m² (`areavalue`). */
export function bulgarianParcels(layerUrl: string): GeoJsonParcelProfile {
  return {
    country: 'BG',
    source: 'AGKK Cadastral Parcel layer (ArcGIS)',
    ...arcgisUrls({ url: layerUrl, referenceField: 'nationalcadastralref' }),
    referenceOf: (p) => parseBulgarianReference(textOf(p.nationalcadastralref) ?? ''),
    areaOf: (p) => numberOf(p.areavalue),
  };
}

export class BulgariaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_BG_SOURCES, config);
    super({
      code: 'BG',
      name: 'Bulgaria',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [22.35, 41.23, 28.61, 44.22],
      outlineId: '100',
      statusPoint: [23.3219, 42.6977],
      attribution: BG_CADASTRE_ATTRIBUTION,
      referenceHint: BG_REFERENCE_HINT,
      parseReference: parseBulgarianReference,
      referenceShape: BG_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource(bulgarianParcels(sources.cpLayerUrl)),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'bg' };
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'София')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
