import type { BBox } from '../../model/index.js';
import { countryRow } from '../national/country-row.js';
import { DKM_WMS_URL, INSPIRE_CP_WMS_URL, dkmWmsSource, inspireCpWmsSource } from './dkm-wms.js';
import { AT_EVIDENCE } from './evidence.js';
import { KatasterserviceSource } from './katasterservice.js';
import { AustriaLiveSource } from './live-source.js';
import { AT_REFERENCE_HINT, AT_REFERENCE_SHAPE, parseAustrianReference } from './reference.js';

const AUSTRIA_BOUNDS: BBox = [9.53, 46.37, 17.17, 49.02];

/**
 * Austria: BEV's cadastral parcels by reference from its Katasterservice, by point from its WMS
 * (with the Katasterservice's record of the parcel found: at/live-source.ts). Address search
 * through the open geocoder; each address's parcel is the one at its point.
 */
export const austria = countryRow({
  code: 'AT',
  name: 'Austria',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: AUSTRIA_BOUNDS,
  outlineId: '040',
  statusPoint: [16.3725, 48.2083],
  attribution: 'BEV – Bundesamt für Eich- und Vermessungswesen, Kataster (INSPIRE Cadastral Parcels, Katasterservice)',
  sources: {
    /** BEV's cadastral WMS (GeoServer, layer DKM_GST: KG and GNR): the parcel at a point (dkm-wms.ts). */
    dkmWmsUrl: { url: DKM_WMS_URL, env: 'CATASTRO_AT_DKM_WMS_URL' },
    /** BEV's INSPIRE Cadastral Parcels WMS (an inspireId only): the parcel at a point when the DKM WMS fails. */
    cpWmsUrl: { url: INSPIRE_CP_WMS_URL, env: 'CATASTRO_AT_CP_WMS_URL' },
    /** BEV's Katasterservice, the JSON API of its Kataster viewer: a parcel by reference (katasterservice.ts). */
    katasterUrl: { url: 'https://kataster.bev.gv.at', env: 'CATASTRO_AT_KATASTER_URL' },
  },
  reference: { parse: parseAustrianReference, hint: AT_REFERENCE_HINT, shape: AT_REFERENCE_SHAPE },
  live: {
    kind: 'own',
    create: (urls) =>
      new AustriaLiveSource([dkmWmsSource(urls.dkmWmsUrl), inspireCpWmsSource(urls.cpWmsUrl)], new KatasterserviceSource(urls.katasterUrl, AUSTRIA_BOUNDS)),
  },
  address: { kind: 'nominatim', probe: 'Wien' },
  crs: [3857],
  evidence: AT_EVIDENCE,
});
