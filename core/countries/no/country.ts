import { countryRow } from '../national/country-row.js';
import { norwegianAddressCandidates } from './address-search.js';
import { NO_EVIDENCE } from './evidence.js';
import { NorwayLiveSource } from './live-source.js';
import { NO_REFERENCE_HINT, NO_REFERENCE_SHAPE, parseNorwegianReference } from './reference.js';

/** Norway: Kartverket's teiger (live-source.ts), found by reference through the address register, which also answers addresses. */
export const norway = countryRow({
  code: 'NO',
  name: 'Norway',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [4.5, 57.9, 31.2, 71.3],
  outlineId: '578',
  statusPoint: [10.7389, 59.9133],
  attribution: 'Kartverket – Matrikkelen (eiendomskart teig, adresser), CC BY 4.0',
  sources: {
    /** Kartverket's Matrikkelen eiendomskart WFS (`app:Teig`). */
    teigWfsUrl: { url: 'https://wfs.geonorge.no/skwms1/wfs.matrikkelen-eiendomskart-teig', env: 'CATASTRO_NO_TEIG_WFS_URL' },
    /** Kartverket's address register API. */
    adresserUrl: { url: 'https://ws.geonorge.no/adresser/v1', env: 'CATASTRO_NO_ADRESSER_URL' },
  },
  reference: {
    parse: parseNorwegianReference,
    hint: `${NO_REFERENCE_HINT} Properties are found by reference through their addresses in the address register.`,
    shape: NO_REFERENCE_SHAPE,
  },
  live: { kind: 'own', create: (urls) => new NorwayLiveSource(urls) },
  address: { kind: 'own', search: norwegianAddressCandidates },
  crs: [25833],
  evidence: NO_EVIDENCE,
});
