import { countryRow } from '../national/country-row.js';
import { IE_EVIDENCE } from './evidence.js';
import { IE_REFERENCE_HINT, parseIrishReference } from './reference.js';

const ARCGIS_ONLINE = 'https://services-eu1.arcgis.com/FH5XCsx8rYXqnjF5/ArcGIS/rest/services';

/**
 * Ireland (partial, as the spec says): only registered titles have parcels, so points and
 * addresses on unregistered land find none (404); references only with `?country=IE` and the
 * numeric plot id (SOURCES.md 15: `SP_ID` on each layer, freehold first, then leasehold). The
 * county of an address comes from the geocoder (`provincia`).
 */
export const ireland = countryRow({
  code: 'IE',
  name: 'Ireland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [-10.7, 51.4, -5.9, 55.45],
  outlineId: '372',
  statusPoint: [-6.2603, 53.3498],
  attribution: 'Tailte Éireann – Cadastral Parcels (registered titles, freehold and leasehold)',
  sources: {
    /** Tailte Éireann freehold cadastral parcels, ArcGIS Online feature layer 12. */
    freeholdLayerUrl: { url: `${ARCGIS_ONLINE}/Cadastral_Parcels_Freehold/FeatureServer/12`, env: 'CATASTRO_IE_FREEHOLD_LAYER_URL' },
    /** Leasehold parcels, layer 13 (asked when the freehold layer has none). */
    leaseholdLayerUrl: { url: `${ARCGIS_ONLINE}/Cadastral_Parcels_Leasehold/FeatureServer/13`, env: 'CATASTRO_IE_LEASEHOLD_LAYER_URL' },
  },
  reference: { parse: parseIrishReference, hint: IE_REFERENCE_HINT, detect: false },
  live: {
    kind: 'arcgis',
    layers: [
      { url: 'freeholdLayerUrl', source: 'Tailte Éireann cadastral parcels, freehold (ArcGIS)' },
      { url: 'leaseholdLayerUrl', source: 'Tailte Éireann cadastral parcels, leasehold (ArcGIS)' },
    ],
    referenceField: 'SP_ID',
    numericReference: true,
  },
  address: { kind: 'nominatim', probe: 'Dublin', language: 'en' },
  evidence: IE_EVIDENCE,
});
