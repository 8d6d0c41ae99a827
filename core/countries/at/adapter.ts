import { fromWgs84 } from '../../geo/crs.js';
import type { AddressCandidatesResult, AddressQuery, BBox, LonLat } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources, withQuery } from '../national/sources-config.js';
import { KatasterserviceSource } from './katasterservice.js';
import { AustriaLiveSource } from './live-source.js';
import { AT_REFERENCE_HINT, AT_REFERENCE_SHAPE, parseAustrianReference, referenceOfInspireId } from './reference.js';

export interface AtSourcesConfig {
  /** BEV INSPIRE Cadastral Parcels WMS (GeoServer): the parcel at a point. */
  cpWmsUrl: string;
  /** BEV's Katasterservice, the JSON API of its Kataster viewer: a parcel by reference (katasterservice.ts). */
  katasterUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_AT_SOURCES: AtSourcesConfig = {
  cpWmsUrl: 'https://data.bev.gv.at/geoserver/INSdataCP/wms', katasterUrl: 'https://kataster.bev.gv.at', geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const AT_SOURCES_ENV: Record<keyof AtSourcesConfig, string> = {
  cpWmsUrl: 'CATASTRO_AT_CP_WMS_URL', katasterUrl: 'CATASTRO_AT_KATASTER_URL', geocoderUrl: 'CATASTRO_AT_GEOCODER_URL',
};

export const AT_CADASTRE_ATTRIBUTION = 'BEV – Bundesamt für Eich- und Vermessungswesen, Kataster (INSPIRE Cadastral Parcels, Katasterservice)';

const AUSTRIA_BOUNDS: BBox = [9.53, 46.37, 17.17, 49.02];

/**
 * GetFeatureInfo of BEV's INSPIRE CP WMS (SOURCES.md 15: BEV has no WFS; the parcel at a point) at a
 * point: a 101×101-pixel map of about 10 m around it in EPSG:3857 (a 4326 answer is rounded to
 * about 110 m there), asked as GeoServer JSON, whose geometry is in EPSG:3857 (converted with proj4).
 */
function featureInfoUrl(base: string, [lon, lat]: LonLat): string {
  const [x, y] = fromWgs84(3857, lon, lat);
  const half = 10;
  return withQuery(base, new URLSearchParams({
    SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetFeatureInfo', LAYERS: 'CP_CadastralParcel', QUERY_LAYERS: 'CP_CadastralParcel', STYLES: '',
    CRS: 'EPSG:3857', BBOX: [x - half, y - half, x + half, y + half].map((v) => v.toFixed(2)).join(','), WIDTH: '101', HEIGHT: '101', I: '50', J: '50',
    INFO_FORMAT: 'application/json', FEATURE_COUNT: '10',
  }));
}

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
      live: new AustriaLiveSource(new GeoJsonParcelSource({
        country: 'AT',
        source: 'BEV INSPIRE CP WMS',
        answerEpsg: 3857,
        referenceOf: (p) => referenceOfInspireId(textOf(p.inspireId) ?? textOf(p.inspireid)),
        aroundUrl: (point) => featureInfoUrl(sources.cpWmsUrl, point),
      }), new KatasterserviceSource(sources.katasterUrl, AUSTRIA_BOUNDS)),
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
