import type { CountrySources } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { CZ_REFERENCE_HINT, parseCzechReference, splitCzechReference } from './reference.js';

export interface CzSourcesConfig {
  /** ČÚZK INSPIRE Cadastral Parcels WFS. */
  cpWfsUrl: string;
}

export const DEFAULT_CZ_SOURCES: CzSourcesConfig = { cpWfsUrl: 'https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp' };
export const CZ_SOURCES_ENV: Record<keyof CzSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_CZ_CP_WFS_URL' };

export const CZ_CADASTRE_ATTRIBUTION = 'ČÚZK – Katastr nemovitostí, INSPIRE Cadastral Parcels (CC BY 4.0)';

/**
 * ČÚZK's INSPIRE CP WFS (SOURCES.md 7 and 15): answers in S-JTSK / Krovak (EPSG:5514, east and
 * north negative), BBOX in the same CRS; one parcel by the stored query GetParcel with the
 * katastrální území and the parcel number as written on the map (`st. 542` for building
 * parcels: UNCERTAIN). nationalCadastralReference is `<k.ú.>-<number>`.
 */
export const CZ_PROFILE: InspireWfsProfile = {
  country: 'CZ',
  source: 'ČÚZK INSPIRE CP WFS',
  typeName: 'cp:CadastralParcel',
  srsEpsg: 5514,
  bboxEpsg: 5514,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseCzechReference(ids.nationalRef ?? ''),
  byReference(ref) {
    const { ku, building, number } = splitCzechReference(ref);
    return { STOREDQUERY_ID: 'GetParcel', UPPER_ZONING_ID: ku, TEXT: building ? `st. ${number}` : number };
  },
};

export class CzechiaAdapter extends NationalAdapter {
  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_CZ_SOURCES, config);
    super({
      code: 'CZ',
      name: 'Czechia',
      coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: false },
      bounds: [12.09, 48.55, 18.86, 51.06],
      outlineId: '203',
      attribution: CZ_CADASTRE_ATTRIBUTION,
      referenceHint: CZ_REFERENCE_HINT,
      parseReference: parseCzechReference,
      live: new InspireWfsSource(sources.cpWfsUrl, CZ_PROFILE, 'ČÚZK answers parcels by reference through its GetParcel stored query.'),
    });
  }
}
