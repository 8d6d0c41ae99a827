import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, textOf } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { SI_REFERENCE_HINT, SI_REFERENCE_SHAPE, parseSlovenianReference, slovenianReferenceOf, splitSlovenianReference } from './reference.js';

export interface SiSourcesConfig {
  /** GURS land cadastre WFS (GeoServer, `SI.GURS.KN:PARCELE`). */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API). */
  geocoderUrl: string;
}

export const DEFAULT_SI_SOURCES: SiSourcesConfig = { cpWfsUrl: 'https://ipi.eprostor.gov.si/wfs-si-gurs-kn/ows', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const SI_SOURCES_ENV: Record<keyof SiSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_SI_CP_WFS_URL', geocoderUrl: 'CATASTRO_SI_GEOCODER_URL' };

export const SI_CADASTRE_ATTRIBUTION = 'Geodetska uprava Republike Slovenije (GURS) – zemljiški kataster';

/**
 * Slovenia: GURS's land cadastre WFS (GeoServer, `SI.GURS.KN:PARCELE`, not INSPIRE; SOURCES.md 15)
 * asked for GeoJSON in WGS84 (the service's own CRS is EPSG:3794); one parcel by cadastral
 * community and parcel number (`KO_ID`, `ST_PARCELE`, the client code's CQL filter), the parcel at
 * a point from a small box. No answer of it was recorded: only KO_ID and ST_PARCELE are read
 * (the area is computed from the outline).
 */
export class SloveniaAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_SI_SOURCES, config);
    const wfs = { base: sources.cpWfsUrl, typeName: 'SI.GURS.KN:PARCELE', cqlOf: (ref: string) => { const { ko, parcel } = splitSlovenianReference(ref); return `KO_ID=${ko} AND ST_PARCELE=${cqlText(parcel)}`; } };
    super({
      code: 'SI',
      name: 'Slovenia',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [13.37, 45.42, 16.61, 46.88],
      outlineId: '705',
      statusPoint: [14.5058, 46.0569],
      attribution: SI_CADASTRE_ATTRIBUTION,
      referenceHint: SI_REFERENCE_HINT,
      parseReference: parseSlovenianReference,
      referenceShape: SI_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource({
        country: 'SI',
        source: 'GURS land cadastre WFS',
        ...geoServerUrls(wfs),
        referenceOf: (p) => slovenianReferenceOf(textOf(propertyOf(p, 'KO_ID')), textOf(propertyOf(p, 'ST_PARCELE'))),
      }),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Ljubljana')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
