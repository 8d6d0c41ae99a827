import { noCoverage, type AddressCandidatesResult, type AddressQuery, type CoordinateMatch, type LonLat } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import { inspireProfile } from '../inspire/etrs89-profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { UK_REFERENCE_HINT, parseScottishReference } from './reference.js';
import { OUTSIDE_SCOTLAND, inScotland } from './scotland.js';

export interface UkSourcesConfig {
  /** Registers of Scotland INSPIRE Cadastral Parcels WFS (UNCERTAIN: SOURCES.md names only the view service host). */
  cpWfsUrl: string;
  /** Open geocoder for addresses (the official ones need keys). */
  geocoderUrl: string;
}

export const DEFAULT_UK_SOURCES: UkSourcesConfig = { cpWfsUrl: 'https://ros-inspire.themapcloud.com/maps/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const UK_SOURCES_ENV: Record<keyof UkSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_UK_CP_WFS_URL', geocoderUrl: 'CATASTRO_UK_GEOCODER_URL' };

export const UK_CADASTRE_ATTRIBUTION = 'Registers of Scotland – INSPIRE Cadastral Parcels (Scotland)';

export const UK_PROFILE = inspireProfile('UK', 'Registers of Scotland INSPIRE CP WFS', parseScottishReference, { byReference: false });

const NO_REFERENCE = 'The United Kingdom is answered by coordinates in Scotland only (the spec\'s coverage row): look the parcel up by coordinates; it is then kept and answers by reference.';

/**
 * United Kingdom (the spec's row): Scotland only, by coordinates and by address; no lookup by
 * reference. A point or address outside Scotland answers 422 saying so.
 */
export class UnitedKingdomAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_UK_SOURCES, config);
    super({
      code: 'UK',
      name: 'United Kingdom',
      coverage: { byReference: false, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [-8.7, 49.8, 1.8, 60.9],
      outlineId: '826',
      statusPoint: [-3.1883, 55.9533],
      coverageNotes: { byReference: NO_REFERENCE },
      attribution: UK_CADASTRE_ATTRIBUTION,
      referenceHint: UK_REFERENCE_HINT,
      parseReference: parseScottishReference,
      live: new InspireWfsSource(sources.cpWfsUrl, UK_PROFILE, NO_REFERENCE),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'en', outsideCoverage: (p) => (inScotland(p) ? undefined : OUTSIDE_SCOTLAND) };
  }

  /** The spec: no UK lookup by reference, so the shape never takes part in detection. */
  override matchesReference(): boolean {
    return false;
  }

  override async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    if (!inScotland(point)) throw noCoverage(`United Kingdom (UK): ${OUTSIDE_SCOTLAND}`);
    return super.parcelAt(point, ctx);
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Edinburgh')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
