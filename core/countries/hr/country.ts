import { countryRow } from '../national/country-row.js';
import { textOf } from '../national/geojson-source.js';
import { HR_EVIDENCE } from './evidence.js';
import { HR_REFERENCE_HINT, parseCroatianReference } from './reference.js';

const NO_REFERENCE =
  "Croatia is answered by coordinates only (the spec's coverage row): the cadastre's open service finds parcels by position. Look the parcel up by coordinates; it is then kept and answers by reference.";

/**
 * Croatia (partial, as the spec says): parcels by coordinates where the DGU layer has them (a
 * point without one is 404); no lookup by reference (422, except parcels already in the copy,
 * and its shape never takes part in detection); no address search (422, the spec's row).
 * SOURCES.md 15: the complex INSPIRE type on `cp/wfs` fails (ORA-01000); the simple type on
 * `cp_wms/wfs` answers, native HTRS96/TM (EPSG:3765), box as the URN of EPSG:4326 (latitude
 * first), `srsName=EPSG:4326` honoured; fields MATICNI_BROJ_KO (k.o.) and BROJ_CESTICE (k.č.).
 */
export const croatia = countryRow({
  code: 'HR',
  name: 'Croatia',
  coverage: { byReference: false, byCoordinates: true, byAddress: false, units: false, analysis: false },
  coverageNotes: {
    byReference: NO_REFERENCE,
    byAddress: "Croatia has no address search (the spec's coverage row).",
  },
  bounds: [13.4, 42.35, 19.45, 46.56],
  outlineId: '191',
  statusPoint: [15.9819, 45.815],
  attribution: 'Državna geodetska uprava (DGU) – katastarske čestice, INSPIRE Cadastral Parcels',
  sources: {
    /** DGU's INSPIRE view WFS (GeoServer) with the simple `cp_wms:CP.CadastralParcel` type. */
    cpWfsUrl: { url: 'https://api.uredjenazemlja.hr/services/inspire/cp_wms/wfs', env: 'CATASTRO_HR_CP_WFS_URL' },
  },
  reference: { parse: parseCroatianReference, hint: HR_REFERENCE_HINT, detect: false },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'DGU INSPIRE CP WFS',
    typeName: 'cp_wms:CP.CadastralParcel',
    boxMetres: 5,
    byPointOnlyHint: NO_REFERENCE,
    referenceOf: (p) => parseCroatianReference(`${textOf(p.MATICNI_BROJ_KO) ?? ''}-${textOf(p.BROJ_CESTICE) ?? ''}`),
  },
  evidence: HR_EVIDENCE,
});
