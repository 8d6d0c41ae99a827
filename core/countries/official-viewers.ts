import type { CountryCode, Parcel } from '../model/index.js';
import { AUSTRIA_OFFICIAL_VIEWER } from './at/official-viewer.js';
import { SWITZERLAND_OFFICIAL_VIEWER } from './ch/official-viewer.js';
import { CZECHIA_OFFICIAL_VIEWER } from './cz/official-viewer.js';
import { SPAIN_OFFICIAL_VIEWER } from './es/official-viewer.js';
import { FRANCE_OFFICIAL_VIEWER } from './fr/official-viewer.js';
import type { OfficialViewer } from './official-viewer.js';
import { NORWAY_OFFICIAL_VIEWER } from './no/official-viewer.js';
import { POLAND_OFFICIAL_VIEWER } from './pl/official-viewer.js';

/**
 * The countries whose official viewer has a documented deep link (core/countries/README.md lists
 * the others and why they have none). Each viewer is declared in its country's folder; this one
 * table is read by the report (core/service.ts) and by the renderer's parcel panel, which cannot
 * import the adapters (they bring the network and the store), so both use the same rule.
 */
export const OFFICIAL_VIEWERS: Partial<Record<CountryCode, OfficialViewer>> = {
  ES: SPAIN_OFFICIAL_VIEWER,
  FR: FRANCE_OFFICIAL_VIEWER,
  NO: NORWAY_OFFICIAL_VIEWER,
  PL: POLAND_OFFICIAL_VIEWER,
  CH: SWITZERLAND_OFFICIAL_VIEWER,
  CZ: CZECHIA_OFFICIAL_VIEWER,
  AT: AUSTRIA_OFFICIAL_VIEWER,
};

/** The parcel's country's official viewer at the parcel, or undefined where none is documented. */
export function officialViewerLink(parcel: Pick<Parcel, 'pais' | 'refCatastral' | 'longitud' | 'latitud'>): { name: string; url: string } | undefined {
  const viewer = OFFICIAL_VIEWERS[parcel.pais];
  const url = viewer?.url(parcel.refCatastral, [parcel.longitud, parcel.latitud]);
  return viewer && url ? { name: viewer.name, url } : undefined;
}
