import { noCoverage, type AddressCandidatesResult, type AddressQuery, type CoordinateMatch, type LonLat } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource, numberOf, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { cqlText, geoServerUrls, propertyOf } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { outsidePortugueseCoverage } from './partial.js';
import { PT_REFERENCE_HINT, PT_REFERENCE_SHAPE, parsePortugueseReference } from './reference.js';

export interface PtSourcesConfig {
  /** DGT's INSPIRE WFS (GeoServer, SNIC): `inspire:cadastralparcel`. */
  cpWfsUrl: string;
  /** Open geocoder for addresses. */
  geocoderUrl: string;
}

export const DEFAULT_PT_SOURCES: PtSourcesConfig = { cpWfsUrl: 'https://snicws.dgterritorio.gov.pt/geoserver/inspire/ows', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const PT_SOURCES_ENV: Record<keyof PtSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_PT_CP_WFS_URL', geocoderUrl: 'CATASTRO_PT_GEOCODER_URL' };

export const PT_CADASTRE_ATTRIBUTION = 'Direção-Geral do Território (DGT) – Cadastro Predial, INSPIRE Cadastral Parcels';

/**
 * SOURCES.md 15: GeoServer, native PT-TM06 (EPSG:3763); the box must be the URN of EPSG:4326
 * (latitude first: a bare `EPSG:4326` box silently matches nothing) and `srsName=EPSG:4326` is
 * honoured (national/geoserver-wfs.ts asks exactly so). The flat layer's property names
 * (`nationalcadastralreference`, `areavalue`, `municipio`) and a CQL filter on the reference are
 * UNCERTAIN there.
 */
export function portugueseParcels(cpWfsUrl: string): GeoJsonParcelProfile {
  const wfs = { base: cpWfsUrl, typeName: 'inspire:cadastralparcel', boxMetres: 5, cqlOf: (ref: string) => `nationalcadastralreference=${cqlText(ref)}` };
  return {
    country: 'PT',
    source: 'DGT INSPIRE CP WFS (SNIC)',
    ...geoServerUrls(wfs),
    referenceOf: (p) => parsePortugueseReference(textOf(propertyOf(p, 'nationalcadastralreference')) ?? ''),
    areaOf: (p) => numberOf(propertyOf(p, 'areavalue')),
    factsOf: (p) => ({ municipio: textOf(propertyOf(p, 'municipio')) }),
  };
}

/**
 * Portugal (partial, as the spec says): no Lisbon, Porto, Coimbra by coordinates or address
 * (422 naming the município); the source is often down, so its lookups go through the upstream
 * client's retries and its own circuit breaker like every source (503 when it stays down).
 */
export class PortugalAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_PT_SOURCES, config);
    super({
      code: 'PT',
      name: 'Portugal',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
      bounds: [-9.6, 36.9, -6.1, 42.2],
      outlineId: '620',
      statusPoint: [-8.8071, 39.7436],
      attribution: PT_CADASTRE_ATTRIBUTION,
      referenceHint: PT_REFERENCE_HINT,
      parseReference: parsePortugueseReference,
      referenceShape: PT_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource(portugueseParcels(sources.cpWfsUrl)),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'pt', outsideCoverage: outsidePortugueseCoverage };
  }

  override async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    const outside = outsidePortugueseCoverage(point);
    if (outside) throw noCoverage(`Portugal (PT) is covered in part: ${outside}`);
    return super.parcelAt(point, ctx);
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Leiria')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
