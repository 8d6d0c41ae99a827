import { countryRow } from '../national/country-row.js';
import { BG_EVIDENCE } from './evidence.js';
import { BG_REFERENCE_HINT, BG_REFERENCE_SHAPE, parseBulgarianReference } from './reference.js';

/**
 * Bulgaria: AGKK's INSPIRE Cadastral Parcel layer on ArcGIS Server (SOURCES.md 15: layer 0
 * `CP.CadastralParcel`, `where=nationalcadastralref='…'`, areas in m² in `areavalue`); addresses by
 * the open geocoder asked in Bulgarian (Cyrillic accepted and answered).
 */
export const bulgaria = countryRow({
  code: 'BG',
  name: 'Bulgaria',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [22.35, 41.23, 28.61, 44.22],
  outlineId: '100',
  statusPoint: [23.3219, 42.6977],
  attribution: 'Агенция по геодезия, картография и кадастър (АГКК) – INSPIRE Cadastral Parcels',
  sources: {
    /** AGKK's INSPIRE Cadastral Parcel layer on ArcGIS Server (its WFS extension is disabled). */
    cpLayerUrl: { url: 'https://inspire.cadastre.bg/arcgis/rest/services/Cadastral_Parcel/MapServer/0', env: 'CATASTRO_BG_CP_LAYER_URL' },
  },
  reference: { parse: parseBulgarianReference, hint: BG_REFERENCE_HINT, shape: BG_REFERENCE_SHAPE },
  live: {
    kind: 'arcgis',
    layers: [{ url: 'cpLayerUrl', source: 'AGKK Cadastral Parcel layer (ArcGIS)' }],
    referenceField: 'nationalcadastralref',
    areaField: 'areavalue',
  },
  address: { kind: 'nominatim', probe: 'София', language: 'bg' },
  evidence: BG_EVIDENCE,
});
