import type { BBox } from '../../model/index.js';
import { countryRow } from '../national/country-row.js';
import { DKM_WMS_URL, INSPIRE_CP_WMS_URL, dkmWmsSource, inspireCpWmsSource } from './dkm-wms.js';
import { AT_EVIDENCE } from './evidence.js';
import { KatasterserviceSource } from './katasterservice.js';
import { AT_NO_REFERENCE, AustriaLiveSource } from './live-source.js';
import { AT_REFERENCE_HINT, AT_REFERENCE_SHAPE, parseAustrianReference } from './reference.js';

const AUSTRIA_BOUNDS: BBox = [9.53, 46.37, 17.17, 49.02];

/**
 * Austria: BEV's cadastral parcels by point from its WMS; by reference (and the record of a parcel
 * found by point) from its Katasterservice only where the user names it (at/live-source.ts).
 * Address search through the open geocoder; each address's parcel is the one at its point.
 */
export const austria = countryRow({
  code: 'AT',
  name: 'Austria',
  coverage: { byReference: false, byCoordinates: true, byAddress: true, units: false, analysis: false },
  coverageNotes: { byReference: AT_NO_REFERENCE },
  bounds: AUSTRIA_BOUNDS,
  outlineId: '040',
  statusPoint: [16.3725, 48.2083],
  attribution: 'BEV – Bundesamt für Eich- und Vermessungswesen, Kataster (INSPIRE Cadastral Parcels, Katasterservice)',
  sources: {
    /** BEV's cadastral WMS (GeoServer, layer DKM_GST: KG and GNR): the parcel at a point (dkm-wms.ts). */
    dkmWmsUrl: { url: DKM_WMS_URL, env: 'CATASTRO_AT_DKM_WMS_URL' },
    /** BEV's INSPIRE Cadastral Parcels WMS (an inspireId only): the parcel at a point when the DKM WMS fails. */
    cpWmsUrl: { url: INSPIRE_CP_WMS_URL, env: 'CATASTRO_AT_CP_WMS_URL' },
    /**
     * BEV's Katasterservice, the JSON API of its Kataster viewer (katasterservice.ts), when the user
     * names it (e.g. https://kataster.bev.gv.at): undocumented and never recorded, so not asked by default.
     */
    katasterUrl: { url: '', env: 'CATASTRO_AT_KATASTER_URL' },
  },
  reference: { parse: parseAustrianReference, hint: AT_REFERENCE_HINT, shape: AT_REFERENCE_SHAPE },
  live: {
    kind: 'own',
    create: (urls) =>
      new AustriaLiveSource(
        [dkmWmsSource(urls.dkmWmsUrl), inspireCpWmsSource(urls.cpWmsUrl)],
        urls.katasterUrl === '' ? undefined : new KatasterserviceSource(urls.katasterUrl, AUSTRIA_BOUNDS),
      ),
  },
  address: { kind: 'nominatim', probe: 'Wien' },
  crs: [3857],
  evidence: AT_EVIDENCE,
});
