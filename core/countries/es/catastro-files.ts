// How the Catastro's published files are read: its INSPIRE GML (parcels, buildings, addresses)
// and CAT files hold Spain's records, its references encode the land class, and its ATOM
// downloads name the municipality (A.ES.SDGC.CP.40146.zip). Handed to the store's import door by
// core/countries/import-formats.ts, so the store names no country.
import type { ParcelReadOptions } from '../../formats/inspire-parcel-reader.js';
import type { InspirePublisher } from '../../store/import-formats.js';
import { claseOfReference } from './reference.js';

/** How a Catastro INSPIRE parcel is kept: Spain's, with the class its reference encodes (SOURCES.md 1.6). */
export const CATASTRO_PARCELS = { country: 'ES', landClass: claseOfReference } as const satisfies Pick<ParcelReadOptions, 'country' | 'landClass'>;

/** `A.ES.SDGC.CP.40146.zip`, `A.ES.SDGC.BU.40146.building.gml(.gz)`: the INE municipality code. */
const CATASTRO_FILE = /^A\.ES\.SDGC\.(CP|BU|AD)\.(\d{5})\./;

export const CATASTRO_PUBLISHER: InspirePublisher = {
  ...CATASTRO_PARCELS,
  municipalityOfFileName: (name) => CATASTRO_FILE.exec(name)?.[2],
  metadataFileName: (municipality) => `A.ES.SDGC.CP.MD..${municipality}.xml`,
};
