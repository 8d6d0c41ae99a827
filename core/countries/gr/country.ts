import { countryRow } from '../national/country-row.js';
import { GR_EVIDENCE } from './evidence.js';
import { GR_REFERENCE_HINT, parseGreekReference } from './reference.js';

/**
 * Greece: the Hellenic Cadastre's parcels, an ArcGIS Online layer with `outSR=4326` (SOURCES.md
 * 15; the KAEK field name is UNCERTAIN there); references only with `?country=GR` (12 bare digits
 * are never detected); addresses by the open geocoder asked in Greek.
 */
export const greece = countryRow({
  code: 'GR',
  name: 'Greece',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [19.3, 34.8, 29.7, 41.8],
  outlineId: '300',
  statusPoint: [23.7275, 37.9838],
  attribution: 'Ελληνικό Κτηματολόγιο (Hellenic Cadastre) – parcels by KAEK',
  sources: {
    /** Hellenic Cadastre parcels, ArcGIS Online feature layer (its INSPIRE path answers 404). */
    cpLayerUrl: {
      url: 'https://services-eu1.arcgis.com/40tFGWzosjaLJpmn/arcgis/rest/services/GEOTEMAXIA_LEITOURGOUN_ON_gdb/FeatureServer/0',
      env: 'CATASTRO_GR_CP_LAYER_URL',
    },
  },
  reference: { parse: parseGreekReference, hint: GR_REFERENCE_HINT, detect: false },
  live: {
    kind: 'arcgis',
    layers: [{ url: 'cpLayerUrl', source: 'Hellenic Cadastre parcel layer (ArcGIS)' }],
    referenceField: 'KAEK',
  },
  address: { kind: 'nominatim', probe: 'Αθήνα', language: 'el' },
  evidence: GR_EVIDENCE,
});
