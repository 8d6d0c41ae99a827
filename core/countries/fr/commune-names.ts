import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The names of France's communes and départements by INSEE code, for the copy offline: Etalab's
 * cadastre files carry the `commune` code and no name, and geo.api.gouv.fr cannot be asked
 * without a connection. The table is INSEE's Code officiel géographique as Etalab publishes it
 * in `@etalab/decoupage-administratif` (the data geo.api.gouv.fr serves): arrays of
 * `{ code, nom, type? }`.
 */
interface CogPlace {
  code: string;
  nom: string;
  /** Communes: commune-actuelle, arrondissement-municipal, commune-deleguee, commune-associee. */
  type?: string;
}

// Read as files rather than required: require would keep the 8 MB of parsed JSON in its cache for good.
const readTable = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as CogPlace[];

let names: Map<string, string> | undefined;

/** Read once, on the first French name asked for (8 MB of JSON that most users never need). */
function table(): Map<string, string> {
  if (!names) {
    names = new Map();
    const communes = readTable(createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/communes.json'));
    // A commune nouvelle's delegated communes can share its code: the current commune's name first.
    const current = (place: CogPlace) => place.type === 'commune-actuelle' || place.type === 'arrondissement-municipal';
    for (const place of [
      ...communes.filter(current),
      ...communes.filter((p) => !current(p)),
      ...readTable(createRequire(import.meta.url).resolve('@etalab/decoupage-administratif/data/departements.json')),
    ]) {
      if (!names.has(place.code)) names.set(place.code, place.nom);
    }
  }
  return names;
}

/** `91216` → Épinay-sur-Orge, `91` → Essonne; undefined for a code the table does not hold. */
export const frenchPlaceName = (code: string): string | undefined => table().get(code.toUpperCase());
