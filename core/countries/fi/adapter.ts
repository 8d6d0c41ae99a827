import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { FI_REFERENCE_HINT, FI_REFERENCE_SHAPE, longFinnishReference, parseFinnishReference } from './reference.js';

export interface FiSourcesConfig {
  /** Maanmittauslaitos (NLS) INSPIRE Cadastral Parcels WFS. */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API): the NLS geocoder needs an API key. */
  geocoderUrl: string;
}

export const DEFAULT_FI_SOURCES: FiSourcesConfig = { cpWfsUrl: 'https://inspire-wfs.maanmittauslaitos.fi/inspire-wfs/cp/ows', geocoderUrl: DEFAULT_NOMINATIM_URL };
export const FI_SOURCES_ENV: Record<keyof FiSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_FI_CP_WFS_URL', geocoderUrl: 'CATASTRO_FI_GEOCODER_URL' };

export const FI_CADASTRE_ATTRIBUTION = 'Maanmittauslaitos (National Land Survey of Finland) – kiinteistöjaotus, INSPIRE Cadastral Parcels (CC BY 4.0)';

const CP = 'http://inspire.ec.europa.eu/schemas/cp/4.0';
const equals = (value: string) => `<fes:PropertyIsEqualTo><fes:ValueReference>cp:nationalCadastralReference</fes:ValueReference><fes:Literal>${value}</fes:Literal></fes:PropertyIsEqualTo>`;

/**
 * NLS's INSPIRE CP WFS (SOURCES.md 10 and 15): `cp:CadastralParcel` in ETRS-TM35FIN (EPSG:3067,
 * easting first), BBOX in the same CRS; one parcel by a FES 2.0 filter on nationalCadastralReference
 * (the WFS 2.0 standard; no client showed an id filter working here, UNCERTAIN), asking both the
 * short and the long form of the kiinteistötunnus since which one the service writes is not known.
 */
export const FI_PROFILE: InspireWfsProfile = {
  country: 'FI',
  source: 'Maanmittauslaitos INSPIRE CP WFS',
  typeName: 'cp:CadastralParcel',
  srsEpsg: 3067,
  bboxEpsg: 3067,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseFinnishReference(ids.nationalRef ?? ids.localId ?? ''),
  byReference: (ref) => ({
    FILTER: `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:cp="${CP}"><fes:Or>${equals(ref)}${equals(longFinnishReference(ref))}</fes:Or></fes:Filter>`,
  }),
};

export class FinlandAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_FI_SOURCES, config);
    super({
      code: 'FI',
      name: 'Finland',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [19.0, 59.5, 31.6, 70.1],
      outlineId: '246',
      statusPoint: [24.9384, 60.1699],
      attribution: FI_CADASTRE_ATTRIBUTION,
      referenceHint: FI_REFERENCE_HINT,
      parseReference: parseFinnishReference,
      referenceShape: FI_REFERENCE_SHAPE,
      live: new InspireWfsSource(sources.cpWfsUrl, FI_PROFILE, 'The NLS parcel service answers parcels by reference through a filter on nationalCadastralReference.'),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Helsinki')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
  }
}
