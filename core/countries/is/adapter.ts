import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import { inspireProfile } from '../inspire/etrs89-profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { IS_REFERENCE_HINT, IS_REFERENCE_SHAPE, parseIcelandicReference } from './reference.js';

export interface IsSourcesConfig {
  /** Iceland's INSPIRE Cadastral Parcels WFS (UNCERTAIN: not in SOURCES.md; Landmælingar Íslands' GeoServer). */
  cpWfsUrl: string;
  /** Open geocoder for addresses. */
  geocoderUrl: string;
}

export const DEFAULT_IS_SOURCES: IsSourcesConfig = { cpWfsUrl: 'https://gis.lmi.is/geoserver/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const IS_SOURCES_ENV: Record<keyof IsSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_IS_CP_WFS_URL', geocoderUrl: 'CATASTRO_IS_GEOCODER_URL' };

export const IS_CADASTRE_ATTRIBUTION = 'Húsnæðis- og mannvirkjastofnun / Landmælingar Íslands – landeignaskrá (INSPIRE Cadastral Parcels)';

export const IS_PROFILE = inspireProfile('IS', 'Iceland INSPIRE CP WFS', parseIcelandicReference);

export class IcelandAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_IS_SOURCES, config);
    super({
      code: 'IS',
      name: 'Iceland',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [-24.6, 63.2, -13.4, 66.6],
      outlineId: '352',
      statusPoint: [-21.9426, 64.1466],
      attribution: IS_CADASTRE_ATTRIBUTION,
      referenceHint: IS_REFERENCE_HINT,
      parseReference: parseIcelandicReference,
      referenceShape: IS_REFERENCE_SHAPE,
      live: new InspireWfsSource(sources.cpWfsUrl, IS_PROFILE, ''),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'is' };
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Reykjavík')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
