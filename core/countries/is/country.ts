import { inspireProfile } from '../inspire/etrs89-profile.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import { countryRow } from '../national/country-row.js';
import { unlessConfigured } from '../national/unfound-service.js';
import { IS_EVIDENCE } from './evidence.js';
import { IS_REFERENCE_HINT, IS_REFERENCE_SHAPE, parseIcelandicReference } from './reference.js';

export const IS_NO_SERVICE =
  "Iceland is not served: no public service publishing Iceland's land parcels (landeignaskrá) could be found (none is named by HMS's or Landmælingar Íslands' published material or by any public client), so parcels cannot be looked up there. Set CATASTRO_IS_CP_WFS_URL to an INSPIRE Cadastral Parcels WFS to use one.";

/** Iceland: parcels only from an INSPIRE CP WFS the user names (ETRS89), else 422 with the reason; addresses by the open geocoder in Icelandic. */
export const iceland = countryRow({
  code: 'IS',
  name: 'Iceland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [-24.6, 63.2, -13.4, 66.6],
  outlineId: '352',
  statusPoint: [-21.9426, 64.1466],
  attribution: 'Húsnæðis- og mannvirkjastofnun / Landmælingar Íslands – landeignaskrá (INSPIRE Cadastral Parcels)',
  sources: {
    /** An INSPIRE Cadastral Parcels WFS for Iceland, when the user names one: no public material names the service (unfound-service.ts). */
    cpWfsUrl: { url: '', env: 'CATASTRO_IS_CP_WFS_URL' },
  },
  reference: { parse: parseIcelandicReference, hint: IS_REFERENCE_HINT, shape: IS_REFERENCE_SHAPE },
  live: {
    kind: 'own',
    create: (urls) =>
      unlessConfigured(
        urls.cpWfsUrl,
        (url) => new InspireWfsSource(url, inspireProfile('IS', 'Iceland INSPIRE CP WFS', parseIcelandicReference), ''),
        IS_NO_SERVICE,
      ),
  },
  address: { kind: 'nominatim', probe: 'Reykjavík', language: 'is' },
  crs: [4258],
  evidence: IS_EVIDENCE,
});
