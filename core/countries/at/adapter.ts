import type { AddressCandidatesResult, AddressQuery, BBox } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { DKM_WMS_URL, INSPIRE_CP_WMS_URL, dkmWmsSource, inspireCpWmsSource } from './dkm-wms.js';
import { KatasterserviceSource } from './katasterservice.js';
import { AustriaLiveSource } from './live-source.js';
import { AT_REFERENCE_HINT, AT_REFERENCE_SHAPE, parseAustrianReference } from './reference.js';

export interface AtSourcesConfig {
  /** BEV's cadastral WMS (GeoServer, layer DKM_GST: KG and GNR): the parcel at a point (dkm-wms.ts). */
  dkmWmsUrl: string;
  /** BEV's INSPIRE Cadastral Parcels WMS (an inspireId only): the parcel at a point when the DKM WMS fails. */
  cpWmsUrl: string;
  /** BEV's Katasterservice, the JSON API of its Kataster viewer: a parcel by reference (katasterservice.ts). */
  katasterUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_AT_SOURCES: AtSourcesConfig = {
  dkmWmsUrl: DKM_WMS_URL, cpWmsUrl: INSPIRE_CP_WMS_URL, katasterUrl: 'https://kataster.bev.gv.at', geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const AT_SOURCES_ENV: Record<keyof AtSourcesConfig, string> = {
  dkmWmsUrl: 'CATASTRO_AT_DKM_WMS_URL', cpWmsUrl: 'CATASTRO_AT_CP_WMS_URL', katasterUrl: 'CATASTRO_AT_KATASTER_URL', geocoderUrl: 'CATASTRO_AT_GEOCODER_URL',
};

export const AT_CADASTRE_ATTRIBUTION = 'BEV – Bundesamt für Eich- und Vermessungswesen, Kataster (INSPIRE Cadastral Parcels, Katasterservice)';

const AUSTRIA_BOUNDS: BBox = [9.53, 46.37, 17.17, 49.02];

/**
 * Austria: BEV's cadastral parcels by reference from its Katasterservice, by point from its WMS
 * (with the Katasterservice's record of the parcel found: at/live-source.ts). Address search
 * through the open geocoder; each address's parcel is the one at its point.
 */
export class AustriaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_AT_SOURCES, config);
    super({
      code: 'AT',
      name: 'Austria',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: AUSTRIA_BOUNDS,
      outlineId: '040',
      statusPoint: [16.3725, 48.2083],
      attribution: AT_CADASTRE_ATTRIBUTION,
      referenceHint: AT_REFERENCE_HINT,
      parseReference: parseAustrianReference,
      referenceShape: AT_REFERENCE_SHAPE,
      live: new AustriaLiveSource([dkmWmsSource(sources.dkmWmsUrl), inspireCpWmsSource(sources.cpWmsUrl)], new KatasterserviceSource(sources.katasterUrl, AUSTRIA_BOUNDS)),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Wien')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
