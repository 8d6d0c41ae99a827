import { countryRow } from '../national/country-row.js';
import { LV_EVIDENCE } from './evidence.js';
import { LV_REFERENCE_HINT, parseLatvianReference } from './reference.js';

/**
 * Latvia: VZD's parcels through the keyless GeoServer WFS of Geolatvija (`vraa:parcel`,
 * SOURCES.md 15, the live alternative to the INSPIRE package), asked for GeoJSON in WGS84; one
 * parcel by its kadastra apzīmējums (`code`, the client code's CQL filter), the parcel at a point
 * from a small box. No answer of it was recorded: only the `code` attribute is read (the area is
 * computed from the outline). Bare digits are the spec's case of `?country=LV` (never detected).
 */
export const latvia = countryRow({
  code: 'LV',
  name: 'Latvia',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
  bounds: [20.9, 55.6, 28.3, 58.1],
  outlineId: '428',
  statusPoint: [24.1052, 56.9496],
  attribution: 'Valsts zemes dienests (VZD) – Nekustamā īpašuma valsts kadastra informācijas sistēma (CC BY 4.0)',
  sources: {
    /** VZD parcels through the Geolatvija GeoServer WFS (`vraa:parcel`). */
    cpWfsUrl: { url: 'https://geolatvija.lv/geoserver/vraa/wfs', env: 'CATASTRO_LV_CP_WFS_URL' },
  },
  reference: { parse: parseLatvianReference, hint: LV_REFERENCE_HINT, detect: false },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'VZD parcels WFS (Geolatvija)',
    typeName: 'vraa:parcel',
    referenceField: 'code',
  },
  address: { kind: 'nominatim', probe: 'Riga' },
  evidence: LV_EVIDENCE,
});
