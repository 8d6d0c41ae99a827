import type { CountrySources } from '../adapter.js';
import { GeoJsonParcelSource, textOf, type GeoJsonParcelProfile } from '../national/geojson-source.js';
import { cqlText, geoServerAroundUrl } from '../national/geoserver-wfs.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolveSources } from '../national/sources-config.js';
import { HR_REFERENCE_HINT, parseCroatianReference } from './reference.js';

export interface HrSourcesConfig {
  /** DGU's INSPIRE view WFS (GeoServer) with the simple `cp_wms:CP.CadastralParcel` type. */
  cpWfsUrl: string;
}

export const DEFAULT_HR_SOURCES: HrSourcesConfig = { cpWfsUrl: 'https://api.uredjenazemlja.hr/services/inspire/cp_wms/wfs' };
export const HR_SOURCES_ENV: Record<keyof HrSourcesConfig, string> = { cpWfsUrl: 'CATASTRO_HR_CP_WFS_URL' };

export const HR_CADASTRE_ATTRIBUTION = 'Državna geodetska uprava (DGU) – katastarske čestice, INSPIRE Cadastral Parcels';

/**
 * SOURCES.md 15: the complex INSPIRE type on `cp/wfs` fails (ORA-01000); the simple type on
 * `cp_wms/wfs` answers, native HTRS96/TM (EPSG:3765), box as the URN of EPSG:4326 (latitude
 * first), `srsName=EPSG:4326` honoured; fields MATICNI_BROJ_KO (k.o.) and BROJ_CESTICE (k.č.).
 * No lookup by reference (the spec's row): only the box around a point is asked.
 */
export function croatianParcels(cpWfsUrl: string): GeoJsonParcelProfile {
  const wfs = { base: cpWfsUrl, typeName: 'cp_wms:CP.CadastralParcel', boxMetres: 5, cqlOf: (ref: string) => `BROJ_CESTICE=${cqlText(ref)}` };
  return {
    country: 'HR',
    source: 'DGU INSPIRE CP WFS',
    aroundUrl: (point) => geoServerAroundUrl(wfs, point),
    referenceOf: (p) => parseCroatianReference(`${textOf(p.MATICNI_BROJ_KO) ?? ''}-${textOf(p.BROJ_CESTICE) ?? ''}`),
  };
}

const NO_REFERENCE = 'Croatia is answered by coordinates only (the spec\'s coverage row): the cadastre\'s open service finds parcels by position. Look the parcel up by coordinates; it is then kept and answers by reference.';

/**
 * Croatia (partial, as the spec says): parcels by coordinates where the DGU layer has them (a
 * point without one is 404); no lookup by reference (422, except parcels already in the copy);
 * no address search (422, the spec's row).
 */
export class CroatiaAdapter extends NationalAdapter {
  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_HR_SOURCES, config);
    super({
      code: 'HR',
      name: 'Croatia',
      coverage: { byReference: false, byCoordinates: true, byAddress: false, units: false, analysis: false },
      bounds: [13.4, 42.35, 19.45, 46.56],
      outlineId: '191',
      statusPoint: [15.9819, 45.815],
      coverageNotes: {
        byReference: NO_REFERENCE,
        byAddress: 'Croatia has no address search (the spec\'s coverage row).',
      },
      attribution: HR_CADASTRE_ATTRIBUTION,
      referenceHint: HR_REFERENCE_HINT,
      parseReference: parseCroatianReference,
      live: new GeoJsonParcelSource(croatianParcels(sources.cpWfsUrl), NO_REFERENCE),
    });
  }

  /** The spec: no Croatian lookup by reference, so its shape never takes part in detection. */
  override matchesReference(): boolean {
    return false;
  }
}
