import { readText, type TextInput } from '../../formats/text-stream.js';
import { frenchPlaceName } from './commune-names.js';

/**
 * Where Etalab publishes the cadastre as GeoJSON (docs/SOURCES.md "France", cadastre.data.gouv.fr,
 * Licence Ouverte 2.0), one gzipped file per layer and per commune or département:
 *
 *   <root>/communes/<dep>/<insee>/cadastre-<insee>-parcelles.json.gz
 *   <root>/departements/<dep>/cadastre-<dep>-parcelles.json.gz
 *
 * with <root> = https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson (the newest
 * millésime; dated ones sit beside `latest`). No index announces sizes or checksums: a download
 * is checked against the server's Content-Length and by reading the gzip to its end (CRC-32 and
 * length in its trailer).
 */
export const ETALAB_CADASTRE_ROOT = 'https://cadastre.data.gouv.fr/data/etalab-cadastre/latest/geojson';

/** Metropolitan départements 01–95 with Corsica's 2A and 2B (no 20), overseas 971–976 (975 is not a département). */
const DEPARTEMENT = /^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5]|97[1-46])$/;
/** An INSEE commune code: its département's digits then the commune's (971xx…976xx overseas). */
const COMMUNE = /^(?:(?:0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5])\d{3}|97[1-46]\d{2})$/;

export interface EtalabArea {
  /** The offline area's id in the copy: `FR.91216` (commune) or `FR.91` (département). */
  id: string;
  kind: 'commune' | 'departement';
  code: string;
  departement: string;
  /** The parcels file's URL. */
  url: string;
  /** `cadastre-<code>-parcelles.json.gz`: the published name, kept for the download and the import. */
  fileName: string;
}

export const departementOfCommune = (insee: string) => (insee.startsWith('97') ? insee.slice(0, 3) : insee.slice(0, 2));

/**
 * A commune (INSEE code, 5 characters) or a département (2 or 3) as the parcels file to fetch;
 * anything else is refused with what is expected. Codes are upper-cased (`2a004` → `2A004`).
 */
export function etalabArea(code: string, root = ETALAB_CADASTRE_ROOT): EtalabArea {
  const wanted = code.trim().toUpperCase();
  const base = root.replace(/\/+$/, '');
  const fileName = `cadastre-${wanted}-parcelles.json.gz`;
  if (COMMUNE.test(wanted)) {
    const departement = departementOfCommune(wanted);
    return { id: `FR.${wanted}`, kind: 'commune', code: wanted, departement, url: `${base}/communes/${departement}/${wanted}/${fileName}`, fileName };
  }
  if (DEPARTEMENT.test(wanted)) {
    return { id: `FR.${wanted}`, kind: 'departement', code: wanted, departement: wanted, url: `${base}/departements/${wanted}/${fileName}`, fileName };
  }
  throw new Error(`"${code}" is neither a French commune (INSEE code, e.g. 91216 or 2A004) nor a département (e.g. 91, 2A, 971).`);
}

/**
 * `cadastre-91216-parcelles.json(.gz)`: the area an Etalab parcels file covers, from its published
 * name, named from INSEE's table (the file holds codes only; offline, no API can be asked).
 */
export function etalabAreaOfFileName(name: string): EtalabFileArea | undefined {
  return areaOfCode(/^cadastre-([0-9AB]{2,5})-parcelles\.json(?:\.gz)?$/i.exec(name)?.[1]?.toUpperCase());
}

type EtalabFileArea = { country: 'FR'; code: string; name?: string };

/** A commune's or a département's code as the area it names (named from INSEE's table); anything else none. */
function areaOfCode(code: string | undefined): EtalabFileArea | undefined {
  return code && (COMMUNE.test(code) || DEPARTEMENT.test(code)) ? { country: 'FR', code, name: frenchPlaceName(code) } : undefined;
}

/** A feature's `commune` property (the INSEE code every Etalab parcel carries; fixtures README "France"). */
const COMMUNE_PROPERTY = /"commune"\s*:\s*"([0-9AB]{5})"/g;
/** Kept from one chunk to the next, longer than a `commune` property, so one cut between chunks is still read. */
const CHUNK_OVERLAP = 64;

/**
 * The area an Etalab parcels file covers, from its features' `commune` codes, for a file saved
 * under another name than Etalab's: one commune, else the one département all of them lie in,
 * else none (a file of several départements is no published area). Reads the file once more,
 * only when its name does not tell (a commune's file is about 2 MB).
 */
export async function etalabAreaOfContent(input: TextInput): Promise<EtalabFileArea | undefined> {
  const communes = new Set<string>();
  let carried = '';
  for await (const { text } of readText(input)) {
    const window = carried + text;
    for (const [, code] of window.matchAll(COMMUNE_PROPERTY)) communes.add(code);
    carried = window.slice(-CHUNK_OVERLAP);
  }
  const departements = new Set([...communes].map(departementOfCommune));
  const [code] = communes.size === 1 ? communes : departements.size === 1 ? departements : [];
  return areaOfCode(code);
}
