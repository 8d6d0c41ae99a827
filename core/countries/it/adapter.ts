import { notFound, type AddressCandidatesResult, type AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates } from '../national/nominatim.js';
import { resolveSources } from '../national/sources-config.js';
import { ItalyLiveSource } from './live-source.js';
import { IT_REFERENCE_HINT, IT_REFERENCE_SHAPE, isRoadOrWater, parseItalianReference } from './reference.js';

export interface ItSourcesConfig {
  /** Agenzia delle Entrate INSPIRE WFS (MapServer). */
  cpWfsUrl: string;
  /** Open geocoder (Nominatim API): Italy has no free official address register (spec: "open geocoder"). */
  geocoderUrl: string;
}

export const DEFAULT_IT_SOURCES: ItSourcesConfig = {
  cpWfsUrl: 'https://wfs.cartografia.agenziaentrate.gov.it/inspire/wfs/owfs01.php',
  geocoderUrl: DEFAULT_NOMINATIM_URL,
};
export const IT_SOURCES_ENV: Record<keyof ItSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_IT_CP_WFS_URL', geocoderUrl: 'CATASTRO_IT_GEOCODER_URL' };

export const IT_CADASTRE_ATTRIBUTION = 'Agenzia delle Entrate – Cartografia catastale, servizio INSPIRE (CC BY 4.0); comuni: ISTAT (CC BY 4.0)';

/**
 * The Agenzia's WFS honours BBOX only (attribute filters are ignored) and answers MapServer's
 * flat schema in RDN2008 (EPSG:6706), latitude first. NATIONALCADASTRALREFERENCE is the reference.
 */
export const IT_PROFILE: InspireWfsProfile = {
  country: 'IT',
  source: 'Agenzia delle Entrate INSPIRE WFS',
  typeName: 'CP:CadastralParcel',
  srsEpsg: 6706,
  bboxEpsg: 6706,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseItalianReference(ids.nationalRef ?? ''),
};

/**
 * Italy: parcels by point (a small BBOX) and by reference (the BBOX of the reference's comune,
 * from the bundled table of comuni by cadastral code, read page by page: live-source.ts), with
 * the comune's name and province from that table. Addresses through the open geocoder
 * (Nominatim), each becoming the parcel under its point; roads and waters are never candidates.
 */
export class ItalyAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_IT_SOURCES, config);
    super({
      code: 'IT',
      name: 'Italy',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
      bounds: [6.6, 35.4, 18.6, 47.1],
      outlineId: '380',
      attribution: IT_CADASTRE_ATTRIBUTION,
      referenceHint: IT_REFERENCE_HINT,
      parseReference: parseItalianReference,
      referenceShape: IT_REFERENCE_SHAPE,
      live: new ItalyLiveSource(sources.cpWfsUrl, IT_PROFILE),
    });
    this.geocoderUrl = sources.geocoderUrl;
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Roma')];
  }

  /** Spec rule 3: pieces of road and water (`STRADA…`, `ACQUA…`) are never returned as an address's parcel. */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const found = await openGeocoderCandidates(this, query, ctx, this.geocoderUrl);
    const candidatos = found.candidatos.filter((c) => !isRoadOrWater(c.refCatastral));
    if (candidatos.length === 0) {
      throw notFound(`No Italian address with a parcel matches '${found.consulta.texto.slice(0, 80)}': the addresses found lie on roads or waters (${found.candidatos.map((c) => c.refCatastral).join(', ')}), which are never returned.`);
    }
    return { ...found, candidatos };
  }
}
