import { inspireProfile } from '../inspire/etrs89-profile.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import { countryRow } from '../national/country-row.js';
import { unlessConfigured } from '../national/unfound-service.js';
import { LI_EVIDENCE } from './evidence.js';
import { LI_REFERENCE_HINT, LI_REFERENCE_SHAPE, parseLiechtensteinReference } from './reference.js';

export const LI_NO_SERVICE =
  "Liechtenstein is not served: no public parcel service of Liechtenstein could be found (none is named by the Landesverwaltung's published material or by any public client), so parcels cannot be looked up there. Set CATASTRO_LI_CP_WFS_URL to an INSPIRE Cadastral Parcels WFS to use one.";

/** Liechtenstein: parcels only from an INSPIRE CP WFS the user names (ETRS89), else 422 with the reason; addresses by the open geocoder in German. */
export const liechtenstein = countryRow({
  code: 'LI',
  name: 'Liechtenstein',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [9.47, 47.04, 9.64, 47.28],
  outlineId: '438',
  statusPoint: [9.5209, 47.141],
  attribution: 'Landesverwaltung Liechtenstein, Amt für Tiefbau und Geoinformation – Grundstücke (INSPIRE Cadastral Parcels)',
  sources: {
    /** An INSPIRE Cadastral Parcels WFS for Liechtenstein, when the user names one: no public material names the service (unfound-service.ts). */
    cpWfsUrl: { url: '', env: 'CATASTRO_LI_CP_WFS_URL' },
  },
  reference: { parse: parseLiechtensteinReference, hint: LI_REFERENCE_HINT, shape: LI_REFERENCE_SHAPE },
  live: {
    kind: 'own',
    create: (urls) =>
      unlessConfigured(
        urls.cpWfsUrl,
        (url) => new InspireWfsSource(url, inspireProfile('LI', 'Liechtenstein INSPIRE CP WFS', parseLiechtensteinReference), ''),
        LI_NO_SERVICE,
      ),
  },
  address: { kind: 'nominatim', probe: 'Vaduz', language: 'de' },
  crs: [4258],
  evidence: LI_EVIDENCE,
});
