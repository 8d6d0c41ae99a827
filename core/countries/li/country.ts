import { inspireProfile } from '../inspire/etrs89-profile.js';
import { countryRow } from '../national/country-row.js';
import { LI_EVIDENCE } from './evidence.js';
import { LI_REFERENCE_HINT, LI_REFERENCE_SHAPE, parseLiechtensteinReference } from './reference.js';

/** Liechtenstein: an INSPIRE CP WFS asked as the INSPIRE guidance publishes it (ETRS89); addresses by the open geocoder in German. */
export const liechtenstein = countryRow({
  code: 'LI',
  name: 'Liechtenstein',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [9.47, 47.04, 9.64, 47.28],
  outlineId: '438',
  statusPoint: [9.5209, 47.141],
  attribution: 'Landesverwaltung Liechtenstein, Amt für Tiefbau und Geoinformation – Grundstücke (INSPIRE Cadastral Parcels)',
  sources: {
    /** Liechtenstein's INSPIRE Cadastral Parcels WFS (UNCERTAIN: not in SOURCES.md; the national geodata host). */
    cpWfsUrl: { url: 'https://service.geo.llv.li/inspire/cp/wfs', env: 'CATASTRO_LI_CP_WFS_URL' },
  },
  reference: { parse: parseLiechtensteinReference, hint: LI_REFERENCE_HINT, shape: LI_REFERENCE_SHAPE },
  live: { kind: 'inspire-wfs', url: 'cpWfsUrl', profile: inspireProfile('LI', 'Liechtenstein INSPIRE CP WFS', parseLiechtensteinReference), byPointOnlyHint: '' },
  address: { kind: 'nominatim', probe: 'Vaduz', language: 'de' },
  crs: [4258],
  evidence: LI_EVIDENCE,
});
