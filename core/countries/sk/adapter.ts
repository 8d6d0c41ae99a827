import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { SlovakLiveSource } from './live-source.js';
import { SK_REFERENCE_HINT, SK_REFERENCE_SHAPE, parseSlovakReference } from './reference.js';

export interface SkSourcesConfig {
  /** ÚGKK INSPIRE Cadastral Parcels WFS (GeoServer), register C: the map, and every point (live-source.ts). */
  cpWfsUrl: string;
  /** The same WFS's register E workspace (`cp_uo`): references ending `.E`. */
  cpUoWfsUrl: string;
  /** Open geocoder for addresses (Slovakia has no free official address geocoder). */
  geocoderUrl: string;
}

export const DEFAULT_SK_SOURCES: SkSourcesConfig = {
  cpWfsUrl: 'https://inspirews.skgeodesy.sk/geoserver/cp/ows', cpUoWfsUrl: 'https://inspirews.skgeodesy.sk/geoserver/cp_uo/ows', geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const SK_SOURCES_ENV: Record<keyof SkSourcesConfig, string> = {
  cpWfsUrl: 'CATASTRO_SK_CP_WFS_URL', cpUoWfsUrl: 'CATASTRO_SK_CP_UO_WFS_URL', geocoderUrl: 'CATASTRO_SK_GEOCODER_URL',
};

export const SK_CADASTRE_ATTRIBUTION = 'Úrad geodézie, kartografie a katastra SR (ÚGKK SR) – INSPIRE Cadastral Parcels';

export class SlovakiaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_SK_SOURCES, config);
    super({
      code: 'SK',
      name: 'Slovakia',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [16.83, 47.73, 22.57, 49.61],
      outlineId: '703',
      statusPoint: [17.1077, 48.1486],
      attribution: SK_CADASTRE_ATTRIBUTION,
      referenceHint: SK_REFERENCE_HINT,
      parseReference: parseSlovakReference,
      referenceShape: SK_REFERENCE_SHAPE,
      live: new SlovakLiveSource({ C: sources.cpWfsUrl, E: sources.cpUoWfsUrl }),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'sk' };
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Bratislava')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
