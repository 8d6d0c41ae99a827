import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { arcgisUrls } from '../arcgis/arcgis-layer.js';
import { GeoJsonParcelSource, numberOf, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { CY_REFERENCE_HINT, CY_REFERENCE_SHAPE, parseCypriotReference } from './reference.js';

export interface CySourcesConfig {
  /** DLS INSPIRE CP layer 1 on ArcGIS Server. */
  cpLayerUrl: string;
  /** Open geocoder for addresses (few house numbers are mapped in Cyprus: low confianza). */
  geocoderUrl: string;
}

export const DEFAULT_CY_SOURCES: CySourcesConfig = {
  cpLayerUrl: 'https://eservices.dls.moi.gov.cy/inspire/rest/services/INSPIRE/CP_CadastralParcels/MapServer/1',
  geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const CY_SOURCES_ENV: Record<keyof CySourcesConfig, string> = { cpLayerUrl: 'CATASTRO_CY_CP_LAYER_URL', geocoderUrl: 'CATASTRO_CY_GEOCODER_URL' };

export const CY_CADASTRE_ATTRIBUTION = 'Department of Lands and Surveys (DLS), Cyprus – INSPIRE Cadastral Parcels';

/** SOURCES.md 15: `where=nationalCadastralRef='…'`, `outSR=4326`, geometry with Z (dropped); area field `areaValue` UNCERTAIN. */
export function cypriotParcels(layerUrl: string): GeoJsonParcelProfile {
  return {
    country: 'CY',
    source: 'DLS Cyprus INSPIRE CP layer (ArcGIS)',
    ...arcgisUrls({ url: layerUrl, referenceField: 'nationalCadastralRef' }),
    referenceOf: (p) => parseCypriotReference(textOf(p.nationalCadastralRef) ?? ''),
    areaOf: (p) => numberOf(p.areaValue),
  };
}

/**
 * Cyprus: DLS parcels; addresses by the open geocoder, where few house numbers are mapped, so
 * most candidates are placed on their street only (`coincideNumero` false, `confianza` below
 * 0.75: the spec's "low confianza").
 */
export class CyprusAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_CY_SOURCES, config);
    super({
      code: 'CY',
      name: 'Cyprus',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [32.2, 34.5, 34.65, 35.75],
      outlineId: '196',
      statusPoint: [33.3823, 35.1856],
      attribution: CY_CADASTRE_ATTRIBUTION,
      referenceHint: CY_REFERENCE_HINT,
      parseReference: parseCypriotReference,
      referenceShape: CY_REFERENCE_SHAPE,
      live: new GeoJsonParcelSource(cypriotParcels(sources.cpLayerUrl)),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = { language: 'el' };
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Λευκωσία')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
