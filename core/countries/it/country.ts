import type { InspireWfsProfile } from '../inspire/profile.js';
import { countryRow } from '../national/country-row.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck } from '../national/nominatim.js';
import { italianAddressCandidates } from './address-search.js';
import { IT_EVIDENCE } from './evidence.js';
import { ItalyLiveSource } from './live-source.js';
import { IT_REFERENCE_HINT, IT_REFERENCE_SHAPE, parseItalianReference } from './reference.js';

/**
 * The Agenzia's WFS honours BBOX only (attribute filters are ignored) and answers MapServer's
 * flat schema in RDN2008 (EPSG:6706), latitude first. NATIONALCADASTRALREFERENCE is the reference.
 */
export const IT_PROFILE: InspireWfsProfile = {
  country: 'IT',
  source: 'Agenzia delle Entrate INSPIRE WFS',
  typeName: 'CP:CadastralParcel',
  srsEpsg: 6706,
  bboxEpsg: 6706,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseItalianReference(ids.nationalRef ?? ''),
};

/**
 * Italy: parcels by point (a small BBOX) and by reference (the BBOX of the reference's comune,
 * from the bundled table of comuni by cadastral code, read page by page: live-source.ts), with
 * the comune's name and province from that table. Addresses through the open geocoder
 * (Nominatim), each becoming the parcel under its point; roads and waters are never candidates.
 */
export const italy = countryRow({
  code: 'IT',
  name: 'Italy',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
  bounds: [6.6, 35.4, 18.6, 47.1],
  outlineId: '380',
  attribution: 'Agenzia delle Entrate – Cartografia catastale, servizio INSPIRE (CC BY 4.0); comuni: ISTAT (CC BY 4.0)',
  sources: {
    /** Agenzia delle Entrate INSPIRE WFS (MapServer). */
    cpWfsUrl: { url: 'https://wfs.cartografia.agenziaentrate.gov.it/inspire/wfs/owfs01.php', env: 'CATASTRO_IT_CP_WFS_URL' },
    /** Open geocoder (Nominatim API): Italy has no free official address register (spec: "open geocoder"). */
    geocoderUrl: { url: DEFAULT_NOMINATIM_URL, env: 'CATASTRO_IT_GEOCODER_URL' },
  },
  reference: { parse: parseItalianReference, hint: IT_REFERENCE_HINT, shape: IT_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new ItalyLiveSource(urls.cpWfsUrl, IT_PROFILE) },
  address: {
    kind: 'own',
    search: italianAddressCandidates,
    statusChecks: (urls) => [nominatimStatusCheck(urls.geocoderUrl, 'IT', 'Roma')],
  },
  crs: [6706],
  evidence: IT_EVIDENCE,
});
