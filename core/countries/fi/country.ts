import type { InspireWfsProfile } from '../inspire/profile.js';
import { countryRow } from '../national/country-row.js';
import { FI_EVIDENCE } from './evidence.js';
import { FI_REFERENCE_HINT, FI_REFERENCE_SHAPE, longFinnishReference, parseFinnishReference } from './reference.js';

const CP = 'http://inspire.ec.europa.eu/schemas/cp/4.0';
const equals = (value: string) =>
  `<fes:PropertyIsEqualTo><fes:ValueReference>cp:nationalCadastralReference</fes:ValueReference><fes:Literal>${value}</fes:Literal></fes:PropertyIsEqualTo>`;

/**
 * NLS's INSPIRE CP WFS (SOURCES.md 10 and 15): `cp:CadastralParcel` in ETRS-TM35FIN (EPSG:3067,
 * easting first), BBOX in the same CRS; one parcel by a FES 2.0 filter on nationalCadastralReference
 * (the WFS 2.0 standard; no client showed an id filter working here, UNCERTAIN), asking both the
 * short and the long form of the kiinteistötunnus since which one the service writes is not known.
 */
const FI_PROFILE: InspireWfsProfile = {
  country: 'FI',
  source: 'Maanmittauslaitos INSPIRE CP WFS',
  typeName: 'cp:CadastralParcel',
  srsEpsg: 3067,
  bboxEpsg: 3067,
  pointBoxMetres: 5,
  referenceOf: (ids) => parseFinnishReference(ids.nationalRef ?? ids.localId ?? ''),
  byReference: (ref) => ({
    FILTER: `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:cp="${CP}"><fes:Or>${equals(ref)}${equals(longFinnishReference(ref))}</fes:Or></fes:Filter>`,
  }),
};

/** Finland: NLS's INSPIRE CP WFS; addresses by the open geocoder (the NLS geocoder needs an API key). */
export const finland = countryRow({
  code: 'FI',
  name: 'Finland',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [19.0, 59.5, 31.6, 70.1],
  outlineId: '246',
  statusPoint: [24.9384, 60.1699],
  attribution: 'Maanmittauslaitos (National Land Survey of Finland) – kiinteistöjaotus, INSPIRE Cadastral Parcels (CC BY 4.0)',
  sources: {
    /** Maanmittauslaitos (NLS) INSPIRE Cadastral Parcels WFS. */
    cpWfsUrl: { url: 'https://inspire-wfs.maanmittauslaitos.fi/inspire-wfs/cp/ows', env: 'CATASTRO_FI_CP_WFS_URL' },
  },
  reference: { parse: parseFinnishReference, hint: FI_REFERENCE_HINT, shape: FI_REFERENCE_SHAPE },
  live: {
    kind: 'inspire-wfs',
    url: 'cpWfsUrl',
    profile: FI_PROFILE,
    byPointOnlyHint: 'The NLS parcel service answers parcels by reference through a filter on nationalCadastralReference.',
  },
  address: { kind: 'nominatim', probe: 'Helsinki' },
  crs: [3067],
  evidence: FI_EVIDENCE,
});
