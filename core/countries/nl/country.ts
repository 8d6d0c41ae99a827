import { countryRow, type SourceUrls } from '../national/country-row.js';
import { dutchAddressCandidates } from './address-search.js';
import { NL_EVIDENCE } from './evidence.js';
import { NetherlandsLiveSource } from './live-source.js';
import { NL_REFERENCE_HINT, NL_REFERENCE_SHAPE, parseDutchReference } from './reference.js';

const NL_SOURCES = {
  /** PDOK BRK Kadastrale Kaart OGC API Features: `<base>/collections/perceel/items`. */
  brkOgcUrl: { url: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1', env: 'CATASTRO_NL_BRK_URL' },
  /** PDOK Locatieserver: `<base>/free`, `<base>/lookup`. */
  locatieserverUrl: { url: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1', env: 'CATASTRO_NL_LOCATIESERVER_URL' },
};

/** The base URLs the Dutch services are asked at. */
export type NlSourcesConfig = SourceUrls<typeof NL_SOURCES>;

/**
 * The Netherlands: BRK parcels through PDOK's OGC API Features (by kadastrale aanduiding and by
 * point), addresses through the Locatieserver (each address names its parcels), Kadastrale Kaart
 * GML in bulk (dkk-gml.ts).
 */
export const netherlands = countryRow({
  code: 'NL',
  name: 'the Netherlands',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [3.2, 50.7, 7.3, 53.7],
  outlineId: '528',
  attribution: 'Kadaster, Basisregistratie Kadaster (BRK) via PDOK (CC BY 4.0)',
  sources: NL_SOURCES,
  reference: { parse: parseDutchReference, hint: NL_REFERENCE_HINT, shape: NL_REFERENCE_SHAPE },
  live: { kind: 'own', create: (urls) => new NetherlandsLiveSource(urls) },
  address: { kind: 'own', search: dutchAddressCandidates },
  evidence: NL_EVIDENCE,
});
