import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { LV_REFERENCE_HINT, parseLatvianReference } from './reference.js';

export interface LvSourcesConfig {
  /** VZD parcels through the Geolatvija GeoServer WFS (`vraa:parcel`). */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_LV_SOURCES: LvSourcesConfig = { cpWfsUrl: 'https://geolatvija.lv/geoserver/vraa/wfs', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const LV_SOURCES_ENV: Record<keyof LvSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_LV_CP_WFS_URL', geocoderUrl: 'CATASTRO_LV_GEOCODER_URL' };

export const LV_CADASTRE_ATTRIBUTION = 'Valsts zemes dienests (VZD) – Nekustamā īpašuma valsts kadastra informācijas sistēma (CC BY 4.0)';

/**
 * Latvia: VZD's parcels through the keyless GeoServer WFS of Geolatvija (`vraa:parcel`,
 * SOURCES.md 15, the live alternative to the INSPIRE package), asked for GeoJSON in WGS84; one
 * parcel by its kadastra apzīmējums (`code`, the client code's CQL filter), the parcel at a point
 * from a small box. No answer of it was recorded: only the `code` attribute is read (the area is
 * computed from the outline). Bare digits are the spec's case of `?country=LV` (reference.ts).
 */
export class LatviaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_LV_SOURCES, config);
    const wfs = { base: sources.cpWfsUrl, typeName: 'vraa:parcel', cqlOf: (ref: string) => `code=${cqlText(ref)}` };
    super({
      code: 'LV',
      name: 'Latvia',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [20.9, 55.6, 28.3, 58.1],
      outlineId: '428',
      statusPoint: [24.1052, 56.9496],
      attribution: LV_CADASTRE_ATTRIBUTION,
      referenceHint: LV_REFERENCE_HINT,
      parseReference: parseLatvianReference,
      live: new GeoJsonParcelSource({
        country: 'LV',
        source: 'VZD parcels WFS (Geolatvija)',
        ...geoServerUrls(wfs),
        referenceOf: (p) => parseLatvianReference(textOf(propertyOf(p, 'code')) ?? ''),
      }),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  /** Bare digits need `?country=LV` (spec coverage table): detection never claims them. */
  override matchesReference(): boolean {
    return false;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Riga')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
