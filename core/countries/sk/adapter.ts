import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { SK_REFERENCE_HINT, SK_REFERENCE_SHAPE, parseSlovakReference } from './reference.js';

export interface SkSourcesConfig {
  /** ÚGKK INSPIRE Cadastral Parcels WFS (GeoServer), register C. */
  cpWfsUrl: string;
  /** Open geocoder for addresses (Slovakia has no free official address geocoder). */
  geocoderUrl: string;
}

export const DEFAULT_SK_SOURCES: SkSourcesConfig = { cpWfsUrl: 'https://inspirews.skgeodesy.sk/geoserver/cp/ows', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const SK_SOURCES_ENV: Record<keyof SkSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_SK_CP_WFS_URL', geocoderUrl: 'CATASTRO_SK_GEOCODER_URL' };

export const SK_CADASTRE_ATTRIBUTION = 'Úrad geodézie, kartografie a katastra SR (ÚGKK SR) – INSPIRE Cadastral Parcels';

const FES = 'xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:cp="http://inspire.ec.europa.eu/schemas/cp/4.0"';

/**
 * ÚGKK's INSPIRE CP WFS (SOURCES.md 15): `cp:CP.CadastralParcel`, native S-JTSK / Krovak
 * (EPSG:5514, converted with proj4), BBOX in the same CRS; one parcel through an OGC FES filter
 * on nationalCadastralReference (one client reports the WAF blocks CQL_FILTER there).
 */
export const SK_PROFILE: InspireWfsProfile = {
  country: 'SK',
  source: 'ÚGKK INSPIRE CP WFS',
  typeName: 'cp:CP.CadastralParcel',
  srsEpsg: 5514,
  bboxEpsg: 5514,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseSlovakReference(ids.nationalRef ?? ''),
  byReference: (ref) => ({
    FILTER: `<fes:Filter ${FES}><fes:PropertyIsEqualTo><fes:ValueReference>cp:nationalCadastralReference</fes:ValueReference><fes:Literal>${ref}</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>`,
  }),
};

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
      live: new InspireWfsSource(sources.cpWfsUrl, SK_PROFILE, 'ÚGKK answers parcels by reference through a filter on nationalCadastralReference.'),
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
