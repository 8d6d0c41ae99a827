import type { InspireWfsProfile } from '../inspire/profile.js';
import { countryRow } from '../national/country-row.js';
import { czechAddressCandidates } from './address-search.js';
import { CZ_EVIDENCE } from './evidence.js';
import { CZ_REFERENCE_HINT, CZ_REFERENCE_SHAPE, parseCzechReference, splitCzechReference } from './reference.js';

/**
 * ČÚZK's INSPIRE CP WFS (SOURCES.md 7 and 15): answers in S-JTSK / Krovak (EPSG:5514, east and
 * north negative), BBOX in the same CRS; one parcel by the stored query GetParcel with the
 * katastrální území and the parcel number as written on the map (`st. 542` for building
 * parcels: UNCERTAIN). nationalCadastralReference is `<k.ú.>-<number>`.
 */
const CZ_PROFILE: InspireWfsProfile = {
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

/** Czechia: parcels from ČÚZK's INSPIRE CP WFS (the INSPIRE family), addresses from ČÚZK's RÚIAN geocoder. */
export const czechia = countryRow({
  code: 'CZ',
  name: 'Czechia',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [12.09, 48.55, 18.86, 51.06],
  outlineId: '203',
  attribution: 'ČÚZK – Katastr nemovitostí, INSPIRE Cadastral Parcels (CC BY 4.0)',
  sources: {
    /** ČÚZK INSPIRE Cadastral Parcels WFS. */
    cpWfsUrl: { url: 'https://services.cuzk.gov.cz/wfs/inspire-cp-wfs.asp', env: 'CATASTRO_CZ_CP_WFS_URL' },
    /** ČÚZK geocoder over RÚIAN (ArcGIS GeocodeSOE extension): `<base>/findAddressCandidates?SingleLine=…`. */
    geocoderUrl: {
      url: 'https://ags.cuzk.cz/arcgis/rest/services/RUIAN/Vyhledavaci_sluzba_nad_daty_RUIAN/MapServer/exts/GeocodeSOE',
      env: 'CATASTRO_CZ_GEOCODER_URL',
    },
  },
  reference: { parse: parseCzechReference, hint: CZ_REFERENCE_HINT, shape: CZ_REFERENCE_SHAPE },
  live: { kind: 'inspire-wfs', url: 'cpWfsUrl', profile: CZ_PROFILE, byPointOnlyHint: 'ČÚZK answers parcels by reference through its GetParcel stored query.' },
  address: { kind: 'own', search: czechAddressCandidates },
  crs: [5514],
  evidence: CZ_EVIDENCE,
});
