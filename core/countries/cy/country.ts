import { countryRow } from '../national/country-row.js';
import { CY_EVIDENCE } from './evidence.js';
import { CY_REFERENCE_HINT, CY_REFERENCE_SHAPE, parseCypriotReference } from './reference.js';

/**
 * Cyprus: DLS parcels (SOURCES.md 15: `where=nationalCadastralRef='…'`, `outSR=4326`, geometry
 * with Z, dropped; area field `areaValue` UNCERTAIN); addresses by the open geocoder, where few
 * house numbers are mapped, so most candidates are placed on their street only (`coincideNumero`
 * false, `confianza` below 0.75: the spec's "low confianza").
 */
export const cyprus = countryRow({
  code: 'CY',
  name: 'Cyprus',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [32.2, 34.5, 34.65, 35.75],
  outlineId: '196',
  statusPoint: [33.3823, 35.1856],
  attribution: 'Department of Lands and Surveys (DLS), Cyprus – INSPIRE Cadastral Parcels',
  sources: {
    /** DLS INSPIRE CP layer 1 on ArcGIS Server. */
    cpLayerUrl: { url: 'https://eservices.dls.moi.gov.cy/inspire/rest/services/INSPIRE/CP_CadastralParcels/MapServer/1', env: 'CATASTRO_CY_CP_LAYER_URL' },
  },
  reference: { parse: parseCypriotReference, hint: CY_REFERENCE_HINT, shape: CY_REFERENCE_SHAPE },
  live: {
    kind: 'arcgis',
    layers: [{ url: 'cpLayerUrl', source: 'DLS Cyprus INSPIRE CP layer (ArcGIS)' }],
    referenceField: 'nationalCadastralRef',
    areaField: 'areaValue',
  },
  address: { kind: 'nominatim', probe: 'Λευκωσία', language: 'el' },
  evidence: CY_EVIDENCE,
});
