import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import { inspireProfile } from '../inspire/etrs89-profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { LI_REFERENCE_HINT, LI_REFERENCE_SHAPE, parseLiechtensteinReference } from './reference.js';

export interface LiSourcesConfig {
  /** Liechtenstein's INSPIRE Cadastral Parcels WFS (UNCERTAIN: not in SOURCES.md; the national geodata host). */
  cpWfsUrl: string;
  /** Open geocoder for addresses. */
  geocoderUrl: string;
}

export const DEFAULT_LI_SOURCES: LiSourcesConfig = { cpWfsUrl: 'https://service.geo.llv.li/inspire/cp/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const LI_SOURCES_ENV: Record<keyof LiSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_LI_CP_WFS_URL', geocoderUrl: 'CATASTRO_LI_GEOCODER_URL' };

export const LI_CADASTRE_ATTRIBUTION = 'Landesverwaltung Liechtenstein, Amt für Tiefbau und Geoinformation – Grundstücke (INSPIRE Cadastral Parcels)';

export const LI_PROFILE = inspireProfile('LI', 'Liechtenstein INSPIRE CP WFS', parseLiechtensteinReference);

export class LiechtensteinAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_LI_SOURCES, config);
    super({
      code: 'LI',
      name: 'Liechtenstein',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [9.47, 47.04, 9.64, 47.28],
      outlineId: '438',
      statusPoint: [9.5209, 47.141],
      attribution: LI_CADASTRE_ATTRIBUTION,
      referenceHint: LI_REFERENCE_HINT,
      parseReference: parseLiechtensteinReference,
      referenceShape: LI_REFERENCE_SHAPE,
      live: new InspireWfsSource(sources.cpWfsUrl, LI_PROFILE, ''),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'de' };
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Vaduz')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
